import { POSITION_HEADER } from '@civitas/events';
import type { RouteAccess } from '@civitas/service-kit/route-policies';

/** A route as an onRoute hook sees it. */
export interface DeclaredRoute {
  method: string | string[];
  url: string;
  config?: { access?: RouteAccess };
}

/** One request a visitor sends to a route that needs a member. */
export interface Probe {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** What is hostile about it, for the failure message. */
  label: string;
}

/** Path ids no route takes: a word, past int4, NUL; and a well-formed uuid, so the body alone is wrong. */
const PATH_VALUES = ['abc', '2147483648', '%00', '00000000-0000-4000-8000-000000000000'];
/** Every query-string field a route reads, given what it refuses: NUL, a bidi override, words for numbers and positions. */
const HOSTILE_QUERY = '?before=%00&groupId=abc&search=%E2%80%AE&since=-1&points=x&asOf=yesterday&treeSize=1e3&from=x&to=-1&eventId=1&kind=%00';
const JSON_BODIES: ReadonlyArray<{ label: string; body?: string }> = [
  { label: 'no body' },
  { label: 'an empty object', body: '{}' },
  { label: 'malformed JSON', body: '{"firstName": ' },
  { label: 'wrong types', body: '{"id":[1],"groupId":"abc","content":42,"voteType":null,"email":{},"candidateId":"x","lastName":""}' },
  { label: 'an array', body: '[]' },
  { label: 'not JSON', body: 'firstName=Ada' },
];
const CARRIES_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The routes a visitor may not call: declared member, admin or auditor (docs/decisions.md, Route policies). */
export const memberRoutes = <Route extends DeclaredRoute>(routes: readonly Route[]): Route[] =>
  routes.filter((route) => route.config?.access !== undefined && route.config.access !== 'public');

/**
 * Signed out, every hostile input each route could meet: no body, `{}`, malformed JSON, wrong
 * types, bad path ids, bad query strings, a forged session cookie and a malformed read position.
 * Each must be answered 401 before anything about it is looked at.
 */
export function signedOutProbes(routes: readonly DeclaredRoute[], sessionCookieName: string): Probe[] {
  return memberRoutes(routes).flatMap((route) =>
    [route.method]
      .flat()
      .filter((method) => method !== 'HEAD' && method !== 'OPTIONS')
      .flatMap((method) => {
        const paths = /:\w+/.test(route.url) ? PATH_VALUES.map((value) => route.url.replace(/:\w+/g, value)) : [route.url];
        const bodies = CARRIES_BODY.has(method) ? JSON_BODIES : JSON_BODIES.slice(0, 1);
        const probes = paths.flatMap((path) =>
          bodies.flatMap(({ label, body }) =>
            ['', HOSTILE_QUERY].map((query): Probe => ({
              method,
              url: `${path}${query}`,
              label: `${label}${query ? ', hostile query' : ''}`,
              headers: body === undefined ? {} : { 'content-type': 'application/json' },
              body,
            })),
          ),
        );
        const first = probes[CARRIES_BODY.has(method) ? 2 : 0]!;
        return [
          ...probes,
          { ...first, label: `${first.label}, forged session cookie`, headers: { ...first.headers, cookie: `${sessionCookieName}=forged` } },
          { ...first, label: `${first.label}, malformed read position`, headers: { ...first.headers, [POSITION_HEADER]: 'not-a-position' } },
        ];
      }),
  );
}

/** The probe's line when its answer is not a 401 with a JSON `{ message }`, else null. */
export function unlessUnauthorized(probe: Probe, status: number, contentType: string, text: string): string | null {
  let message: unknown;
  try {
    message = contentType.includes('application/json') ? (JSON.parse(text) as { message?: unknown }).message : undefined;
  } catch {
    message = undefined;
  }
  if (status === 401 && typeof message === 'string') return null;
  return `${probe.method} ${probe.url.slice(0, 120)} (${probe.label}): ${status} ${text.slice(0, 120)}`;
}
