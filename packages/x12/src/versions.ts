/** The X12 releases and transaction sets this package writes and reads. */

/** Version names as the server stores them. */
export type X12Version = '4010' | '5010' | '7010';
/** Transaction sets written. */
export type TransactionType = '204' | '211';

export const VERSIONS: readonly X12Version[] = ['4010', '5010', '7010'];
export const TYPES: readonly TransactionType[] = ['204', '211'];

export interface VersionInfo {
  /** ISA12 interchange control version number. */
  isa12: string;
  /** GS08 version/release/industry identifier code. */
  gs08: string;
  /** ISA11: the repetition separator from 00402 on; the standards identifier `U` before. */
  isa11: string;
}

export const VERSION_INFO: Record<X12Version, VersionInfo> = {
  '4010': { isa12: '00401', gs08: '004010', isa11: 'U' },
  '5010': { isa12: '00501', gs08: '005010', isa11: '^' },
  '7010': { isa12: '00701', gs08: '007010', isa11: '^' },
};

/** GS01 functional identifier code per transaction set. */
export const FUNCTIONAL_ID: Record<TransactionType, string> = { '204': 'SM', '211': 'BL' };

/** Finds the version from ISA12 or GS08 text. */
export function versionFromCode(code: string): X12Version | undefined {
  return VERSIONS.find((v) => VERSION_INFO[v].isa12 === code || VERSION_INFO[v].gs08 === code);
}
