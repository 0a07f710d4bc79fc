import { createHash } from 'node:crypto';
import {
  COUNTRIES,
  DomainError,
  ForbiddenError,
  NATIONAL_LEADERS_ONLY,
  NOT_LEADER_OF_COUNTRY,
  NotFoundError,
  UNKNOWN_COUNTRY,
  VERIFICATION_NOT_FOUND,
  ValidationError,
  documentImagePath,
  nationalIdStream,
  userStream,
  type CommandResult,
  type Country,
  type DocumentContentType,
  type Position,
  type VerificationEvent,
  type VerificationState,
  type VerificationSubmitted,
} from '@civitas/events';
import type { PersonalDataVault } from '@civitas/service-kit/personal-data';
import type { PersonalDocuments } from '@civitas/service-kit/personal-documents';
import type { CommandBus } from '../lib/command-bus';
import { HOUR_MS, countAgainst, type DomainLimit, type HitCounter } from '../lib/domain-limit';
import { createdIdOf, keyed, storedData, type Idempotency } from '../lib/idempotency';
import { reencodeDocument } from './document-image';
import { nationalIdDecider } from './national-id.decider';
import type { VerificationLookups } from './verification-lookups';
import { verificationDecider, type SubmitWithDocument, type VerifyFirstNationality } from './verification.decider';

// Ids are compared without spaces, dashes or case: "1234-5678" and "12345678" are one id.
const normalizeNationalId = (nationalId: string) => nationalId.replace(/[\s-]/g, '').toUpperCase();

export interface SubmittedClaim {
  verificationId: string;
  country: string;
  /** When it was submitted (and, for a first nationality, verified). */
  at: string;
  position: Position | null;
}

/** The document as uploaded (its type read from its content); re-encoded before it is kept. */
export interface DocumentImage {
  bytes: Buffer;
  contentType: DocumentContentType;
}

export interface VerificationServiceOptions {
  documents: PersonalDocuments;
  lookups: VerificationLookups;
  counters: HitCounter;
}

export const TOO_MANY_DOCUMENTS = 'Too many document uploads. Please wait a while and try again.';
/**
 * Decoding and keeping documents costs CPU and storage: a member uploads at most this many an hour
 * (counted for claims the decider would take; a repeat of a keyed request is not another).
 */
export const DOCUMENT_UPLOADS_PER_HOUR = 20;
const DOCUMENT_LIMIT: DomainLimit = {
  counter: 'verification-document',
  name: 'verification-document-uploads',
  max: DOCUMENT_UPLOADS_PER_HOUR,
  windowMs: HOUR_MS,
  message: TOO_MANY_DOCUMENTS,
};

/**
 * Nationality verification: the national id is reserved per country, then the claim goes on the
 * member's stream. A pending claim holds its id; a rejection or removal gives it back.
 */
export class VerificationService {
  private readonly documents: PersonalDocuments;
  private readonly lookups: VerificationLookups;
  private readonly counters: HitCounter;

  constructor(
    private readonly bus: CommandBus,
    private readonly vault: PersonalDataVault,
    private readonly nationalIdHash: (value: string) => string,
    options: VerificationServiceOptions,
  ) {
    this.documents = options.documents;
    this.lookups = options.lookups;
    this.counters = options.counters;
  }

  /** The first nationality, by national id: approved at once (docs/product.md, States). */
  verifyFirstNationality(userId: string, countryName: string, nationalId: string, idempotency?: Idempotency): Promise<SubmittedClaim> {
    return this.claim(
      userId,
      countryName,
      nationalId,
      (claim) => ({ type: 'verifyFirstNationality', ...claim }) satisfies VerifyFirstNationality,
      undefined,
      idempotency,
    );
  }

  /** Any nationality with a document image: pending until an admin decides. The image is stored sealed, outside the events. */
  submitWithDocument(userId: string, countryName: string, nationalId: string, document: DocumentImage, idempotency?: Idempotency): Promise<SubmittedClaim> {
    return this.claim(
      userId,
      countryName,
      nationalId,
      (claim) => ({ type: 'submitWithDocument', ...claim, documentImageUrl: documentImagePath(claim.verificationId) }) satisfies SubmitWithDocument,
      document,
      idempotency,
    );
  }

  /** The member's own claim, in any state (someone else's is unknown to them: 404). */
  async remove(userId: string, verificationId: string): Promise<Position | null> {
    const { state } = await this.bus.load(userStream(userId), verificationDecider);
    const result = await this.bus.run(userStream(userId), verificationDecider, { type: 'removeVerification', verificationId, userId }, { actorId: userId });
    await this.releaseNationalId(userId, state, verificationId, userId);
    // The claim is gone, and so is the reason to keep its document.
    await this.documents.delete(verificationId);
    return result.position;
  }

  async approve(adminId: string, verificationId: string): Promise<Position | null> {
    const userId = await this.ownerOf(verificationId);
    const result = await this.bus.run(
      userStream(userId),
      verificationDecider,
      { type: 'approveVerification', verificationId, userId, reviewedBy: adminId },
      { actorId: adminId },
    );
    return result.position;
  }

  /** Rejected with the admin's reason; the national id is free again, so the member may claim the country anew. */
  async reject(adminId: string, verificationId: string, reason: string): Promise<Position | null> {
    const userId = await this.ownerOf(verificationId);
    const { state } = await this.bus.load(userStream(userId), verificationDecider);
    const result = await this.bus.run(
      userStream(userId),
      verificationDecider,
      { type: 'rejectVerification', verificationId, userId, reviewedBy: adminId, reason },
      { actorId: adminId },
    );
    await this.releaseNationalId(userId, state, verificationId, adminId);
    return result.position;
  }

  /** A leader of the claim's country's National group vouches for it (an admin still decides). */
  async confirmAsLeader(leaderId: string, verificationId: string): Promise<Position | null> {
    const led = await this.lookups.ledCountryKeys(leaderId);
    if (led.length === 0) throw new ForbiddenError(NATIONAL_LEADERS_ONLY);
    const userId = await this.ownerOf(verificationId);
    const { state } = await this.bus.load(userStream(userId), verificationDecider);
    const claim = state.verifications.find((verification) => verification.id === verificationId);
    if (!claim) throw new NotFoundError(VERIFICATION_NOT_FOUND);
    if (!led.includes(claim.countryKey)) throw new ForbiddenError(NOT_LEADER_OF_COUNTRY);
    const result = await this.bus.run(
      userStream(userId),
      verificationDecider,
      { type: 'confirmVerification', verificationId, userId, leaderId },
      { actorId: leaderId },
    );
    return result.position;
  }

  /** Erasure (runs before the member's key is shredded, which names them): every national id the member's claims hold is free again. */
  async releaseAllNationalIds(userId: string): Promise<void> {
    const { state } = await this.bus.load(userStream(userId), verificationDecider);
    for (const claim of state.verifications) await this.releaseNationalId(userId, state, claim.id, userId);
  }

  private async ownerOf(verificationId: string): Promise<string> {
    const userId = await this.lookups.ownerOf(verificationId);
    if (!userId) throw new NotFoundError(VERIFICATION_NOT_FOUND);
    return userId;
  }

  /**
   * What a claim asks for, for an Idempotency-Key's digest: a keyed hash (the national id's
   * server secret) of its country, national id and document, since the digest is kept in clear.
   */
  claimMeaning(countryName: string, nationalId: string, document: DocumentImage | null): string {
    const documentHash = document ? createHash('sha256').update(document.bytes).digest('hex') : 'none';
    return this.nationalIdHash(['claim', findCountry(countryName).key, normalizeNationalId(nationalId), documentHash].join('\n'));
  }

  /**
   * A repeat of a keyed claim is recognised first (the country check would refuse it) and answered
   * from what the first stored. Otherwise the claim is checked before anything is kept, the
   * document (if any) re-encoded, then the national id reserved, the document stored and the claim
   * appended; a refusal on the way leaves nothing of this request behind: no event, no document, no id held.
   */
  private async claim(
    userId: string,
    countryName: string,
    nationalId: string,
    command: (claim: Omit<VerifyFirstNationality, 'type'>) => VerifyFirstNationality | SubmitWithDocument,
    document?: DocumentImage,
    idempotency?: Idempotency,
  ): Promise<SubmittedClaim> {
    const country = findCountry(countryName);
    const verificationId = createdIdOf(idempotency);
    const check = command({ verificationId, userId, country: country.name, countryKey: country.key, nationalIdSealed: '' });
    const before = await this.bus.load(userStream(userId), verificationDecider);
    if (idempotency && before.commandIds.has(idempotency.commandId))
      return this.submitted(await this.bus.run(userStream(userId), verificationDecider, check, { actorId: userId, ...keyed(idempotency) }), check);
    verificationDecider.decide(check, before.state);
    if (document) await countAgainst(this.counters, DOCUMENT_LIMIT, userId);
    // Decoding costs CPU: only a claim the decider would take is decoded, and only the re-encoded image is kept.
    const stored = document ? await reencodeDocument(document.bytes) : undefined;
    const idStream = this.nationalIdStreamOf(country.key, nationalId);
    await this.bus.run(idStream, nationalIdDecider, { type: 'reserveNationalId', userId }, { actorId: userId });
    let wroteDocument = false;
    try {
      if (stored) wroteDocument = await this.documents.put({ id: verificationId, subjectId: userId, ...stored });
      const nationalIdSealed = await this.vault.seal(userId, nationalId.trim());
      const result = await this.bus.run(userStream(userId), verificationDecider, { ...check, nationalIdSealed }, { actorId: userId, ...keyed(idempotency) });
      // A copy of this request (same key) that raced this one kept its document first: the recorded claim keeps its own.
      if (stored && !wroteDocument && !result.replayed) await this.documents.put({ id: verificationId, subjectId: userId, ...stored }, { replace: true });
      return this.submitted(result, check);
    } catch (error) {
      // Refused by a concurrent change to the member's stream: give back what this request alone took.
      if (error instanceof DomainError) await this.undoClaim(userId, verificationId, idStream, wroteDocument);
      throw error;
    }
  }

  /** The claim as stored: on a repeat, the first request's (its id, country and time). */
  private submitted(result: CommandResult<VerificationEvent>, check: VerifyFirstNationality | SubmitWithDocument): SubmittedClaim {
    const { verificationId, country } = storedData<Pick<VerificationSubmitted['data'], 'verificationId' | 'country'>>(result, 'VerificationSubmitted', check);
    return { verificationId, country, at: result.time, position: result.position };
  }

  /**
   * After a refusal: the document is deleted unless a claim of this id stands (a copy with the same
   * key recorded it), and the national id is given back unless a live claim holds it (a racing
   * copy may have reserved it first, and this request's reservation was then a no-op).
   */
  private async undoClaim(userId: string, verificationId: string, idStream: string, wroteDocument: boolean): Promise<void> {
    const { state } = await this.bus.load(userStream(userId), verificationDecider);
    if (wroteDocument && !state.verifications.some((claim) => claim.id === verificationId)) await this.documents.delete(verificationId);
    const held = await Promise.all(
      state.verifications
        .filter((claim) => claim.status !== 'rejected')
        .map(async (claim) => {
          const heldId = await this.vault.open(userId, claim.nationalIdSealed);
          return heldId !== null && this.nationalIdStreamOf(claim.countryKey, heldId) === idStream;
        }),
    );
    if (!held.includes(true)) await this.bus.run(idStream, nationalIdDecider, { type: 'releaseNationalId', userId }, { actorId: userId });
  }

  private nationalIdStreamOf(countryKey: string, nationalId: string): string {
    return nationalIdStream(this.nationalIdHash(`${countryKey}\n${normalizeNationalId(nationalId)}`));
  }

  /**
   * Gives back the national id a live claim held. A rejected claim gave it back already (a new
   * claim of that country may hold it now); once the member's key is erased it cannot be named.
   */
  private async releaseNationalId(userId: string, before: VerificationState, verificationId: string, actorId: string): Promise<void> {
    const claim = before.verifications.find((verification) => verification.id === verificationId);
    if (!claim || claim.status === 'rejected') return;
    const nationalId = await this.vault.open(userId, claim.nationalIdSealed);
    if (nationalId === null) return;
    await this.bus.run(this.nationalIdStreamOf(claim.countryKey, nationalId), nationalIdDecider, { type: 'releaseNationalId', userId }, { actorId });
  }
}

function findCountry(name: string): Country {
  const country = COUNTRIES.find((candidate) => candidate.name === name.trim() || candidate.key === name.trim());
  if (!country) throw new ValidationError(UNKNOWN_COUNTRY);
  return country;
}
