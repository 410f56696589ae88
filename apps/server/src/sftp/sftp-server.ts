/** Placeholder: the SFTP engineer implements the SFTP server (ssh2) here. */
import type { AppContext } from '../context.ts';

export interface SftpServer { port: number; stop(): Promise<void> }

export async function startSftpServer(_ctx: AppContext): Promise<SftpServer | null> {
  return null;
}
