import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const TICKS = 100; // USER_HZ on Linux

/**
 * CPU-seconds spent by this process (all its threads) and by the child processes it has waited for (native Tesseract
 * runs as children). CPU time, unlike wall time, does not grow when other work shares the cores.
 */
export function cpuSeconds(): number {
  const own = process.cpuUsage();
  return (own.user + own.system) / 1e6 + childCpuSeconds();
}

/** CPU-seconds of waited-for child processes (cutime + cstime of /proc/self/stat); 0 off Linux. */
export function childCpuSeconds(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3; cutime and cstime are fields 16 and 17.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[13]) + Number(rest[14])) / TICKS;
  } catch {
    return 0;
  }
}

/** CPU-seconds of one process by pid (utime + stime + waited-for children), or null when it is gone. */
export function processCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12]) + Number(rest[13]) + Number(rest[14])) / TICKS;
  } catch {
    return null;
  }
}

/**
 * One plain native Tesseract pass over an image file (`OMP_THREAD_LIMIT=1 tesseract FILE - -l eng`), the yardstick
 * the extractor's cost is compared with. Resolves to the CPU-seconds it took.
 */
export function plainTesseractCpu(file: string, binary = 'tesseract'): Promise<number> {
  return new Promise((resolve, reject) => {
    const before = childCpuSeconds();
    const p = spawn(binary, [file, '-', '-l', 'eng'], { stdio: ['ignore', 'ignore', 'ignore'], env: { ...process.env, OMP_THREAD_LIMIT: '1' } });
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve(childCpuSeconds() - before) : reject(new Error(`tesseract exited with ${code} on ${file}`))));
  });
}
