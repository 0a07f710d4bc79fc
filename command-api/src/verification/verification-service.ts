import { randomUUID } from 'node:crypto';
import { COUNTRIES, DomainError, UNKNOWN_COUNTRY, ValidationError, nationalIdStream, userStream, type Position } from '@civitas/events';
import type { PersonalDataVault } from '@civitas/service-kit/personal-data';
import type { CommandBus } from '../lib/command-bus';
import { nationalIdDecider } from './national-id.decider';
import { verificationDecider } from './verification.decider';

// Ids are compared without spaces, dashes or case: "1234-5678" and "12345678" are one id.
const normalizeNationalId = (nationalId: string) => nationalId.replace(/[\s-]/g, '').toUpperCase();

/** Nationality verification: the national id is reserved per country, then the claim goes on the member's stream. */
export class VerificationService {
  constructor(
    private readonly bus: CommandBus,
    private readonly vault: PersonalDataVault,
    private readonly nationalIdHash: (value: string) => string,
  ) {}

  async verifyFirstNationality(userId: string, countryName: string, nationalId: string): Promise<{ verificationId: string; country: string; verifiedAt: string; position: Position | null }> {
    const country = COUNTRIES.find((candidate) => candidate.name === countryName.trim() || candidate.key === countryName.trim());
    if (!country) throw new ValidationError(UNKNOWN_COUNTRY);
    // Checked before the id is reserved, so a refused claim holds no one's national id.
    const verificationId = randomUUID();
    const check = { type: 'verifyFirstNationality', verificationId, userId, country: country.name, countryKey: country.key, nationalIdSealed: '' } as const;
    verificationDecider.decide(check, (await this.bus.load(userStream(userId), verificationDecider)).state);
    const idStream = nationalIdStream(this.nationalIdHash(`${country.key}\n${normalizeNationalId(nationalId)}`));
    await this.bus.run(idStream, nationalIdDecider, { type: 'reserveNationalId', userId }, { actorId: userId });
    try {
      const nationalIdSealed = await this.vault.seal(userId, nationalId.trim());
      const result = await this.bus.run(userStream(userId), verificationDecider, { ...check, nationalIdSealed }, { actorId: userId });
      return { verificationId, country: country.name, verifiedAt: this.bus.now().toISOString(), position: result.position };
    } catch (error) {
      // Refused by a concurrent change to the member's stream: give the id back.
      if (error instanceof DomainError) await this.bus.run(idStream, nationalIdDecider, { type: 'releaseNationalId', userId }, { actorId: userId });
      throw error;
    }
  }
}
