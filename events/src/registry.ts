import type { z } from 'zod';
import type { RecordedEvent } from './event-store';

interface Upcaster {
  /** Turns data of version `from` into data of version `from + 1`. */
  from: number;
  upcast: (data: any) => unknown;
}

export interface EventDefinition<Type extends string, Schema extends z.ZodType> {
  type: Type;
  version: number;
  schema: Schema;
  upcasters?: readonly Upcaster[];
}

/** A typed event as deciders and projections see it. */
export type DomainEvent<Type extends string = string, Data = unknown> = { type: Type; data: Data };

/** Declares one event type with its current schema version and the upcasters that reach it. */
export function defineEvent<const Type extends string, Schema extends z.ZodType>(
  type: Type,
  schema: Schema,
  options: { version?: number; upcasters?: readonly Upcaster[] } = {},
): EventDefinition<Type, Schema> {
  return { type, schema, version: options.version ?? 1, upcasters: options.upcasters ?? [] };
}

export type EventOf<Definition> = Definition extends EventDefinition<infer Type, infer Schema> ? DomainEvent<Type, z.infer<Schema>> : never;

/**
 * Knows every event type's schema and version: validates what is appended, and upcasts
 * what is read from older versions to the current one before parsing it.
 */
export class EventRegistry {
  private readonly definitions = new Map<string, EventDefinition<string, z.ZodType>>();

  register(...definitions: EventDefinition<string, z.ZodType>[]): this {
    for (const definition of definitions) {
      if (this.definitions.has(definition.type)) throw new Error(`event type ${definition.type} registered twice`);
      this.definitions.set(definition.type, definition);
    }
    return this;
  }

  has(type: string): boolean {
    return this.definitions.has(type);
  }

  versionOf(type: string): number {
    return this.require(type).version;
  }

  /** Validates new event data; returns the data to store and its schema version. */
  prepare(event: DomainEvent): { data: unknown; schemaVersion: number } {
    const definition = this.require(event.type);
    return { data: definition.schema.parse(event.data), schemaVersion: definition.version };
  }

  /** Upcasts and parses a stored event; unknown types are returned as they are. */
  decode(event: Pick<RecordedEvent, 'type' | 'data' | 'metadata'>): DomainEvent {
    const definition = this.definitions.get(event.type);
    if (!definition) return { type: event.type, data: event.data };
    let version = event.metadata.schemaVersion ?? 1;
    let data = event.data;
    while (version < definition.version) {
      const upcaster = definition.upcasters?.find((candidate) => candidate.from === version);
      if (!upcaster) throw new Error(`no upcaster for ${event.type} from version ${version}`);
      data = upcaster.upcast(data);
      version += 1;
    }
    return { type: event.type, data: definition.schema.parse(data) };
  }

  private require(type: string): EventDefinition<string, z.ZodType> {
    const definition = this.definitions.get(type);
    if (!definition) throw new Error(`unknown event type ${type}`);
    return definition;
  }
}
