import { afterEach, describe, expect, it, vi } from 'vitest';
import { spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mediaFixture } from '@eid/test-fixtures';
import { uploadBodyOf } from '@eid/domain';
import { BodyTooLarge, handBack, Handover } from './handover.js';
import { SharpMediaProcessor } from './sharp-media.adapter.js';

const roots: string[] = [];
const root = () => {
  const dir = mkdtempSync(join(tmpdir(), 'eid-handover-test-'));
  roots.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of roots.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The id of a process that has ended (free, unless the system hands it out again at once). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

const image = (bytes: number[]) => ({ contentType: 'image/jpeg', bytes: new Uint8Array(bytes), width: 2, height: 1 });

describe('photos handed to the pipeline as files', () => {
  it('keeps them in a directory only the server reads, and removes each photo with its results', async () => {
    const handover = Handover.create(root());
    expect(statSync(handover.dir).mode & 0o777).toBe(0o700);
    const file = await handover.put(new Uint8Array([1, 2, 3]));
    expect(file).not.toBeNull();
    expect(statSync(file!).mode & 0o777).toBe(0o600);
    // As a pipeline process answers: the results beside the photo.
    const answered = await handBack({ ok: true, image: image([9, 9]), thumbnail: image([7]) }, file!);
    expect(answered.ok && 'file' in answered.image && 'file' in answered.thumbnail).toBe(true);
    const outcome = await handover.take(answered);
    expect(outcome.ok && [...outcome.image.bytes]).toEqual([9, 9]);
    expect(outcome.ok && [...outcome.thumbnail.bytes]).toEqual([7]);
    await handover.drop(file!);
    expect(readdirSync(handover.dir)).toEqual([]);
    handover.close();
    expect(existsSync(handover.dir)).toBe(false);
  });

  it('answers with the bytes when a result cannot be written, and says so when the photo cannot', async () => {
    const handover = Handover.create(root());
    const answered = await handBack({ ok: true, image: image([5]), thumbnail: image([6]) }, join(handover.dir, 'gone', 'photo'));
    expect(answered.ok && 'bytes' in answered.image && [...answered.image.bytes]).toEqual([5]);
    expect(await handBack({ ok: false, code: 'FAILED_CONVERSION' }, join(handover.dir, 'x'))).toEqual({ ok: false, code: 'FAILED_CONVERSION' });
    // The directory removed under it (a cleaner of the temporary directory): no file, the pipe instead.
    handover.close();
    expect(await handover.put(new Uint8Array([1]))).toBeNull();
  });

  it('removes what a server that died left behind, and nothing of a running one', async () => {
    const dir = root();
    const ended = await deadPid();
    const dead = join(dir, `eid-media-${ended}-abc`);
    const earlierSelf = join(dir, `eid-media-${process.pid}-old`);
    const running = join(dir, `eid-media-${process.ppid}-xyz`);
    const other = join(dir, 'someone-else');
    for (const d of [dead, earlierSelf, running, other]) mkdirSync(join(d, 'inside'), { recursive: true });
    // This process's id on a directory made before it started: a process of an earlier boot, or container, had it.
    const beforeStart = (Date.now() - process.uptime() * 1000 - 60_000) / 1000;
    utimesSync(earlierSelf, beforeStart, beforeStart);
    // Not a directory: left.
    writeFileSync(join(dir, `eid-media-${ended}-file`), 'x');
    const first = Handover.create(dir);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(earlierSelf)).toBe(false);
    expect(existsSync(running)).toBe(true);
    expect(existsSync(other)).toBe(true);
    expect(existsSync(join(dir, `eid-media-${ended}-file`))).toBe(true);
    // A second pool in this process leaves the first's directory alone.
    const second = Handover.create(dir);
    expect(existsSync(first.dir) && existsSync(second.dir)).toBe(true);
    second.close();
    first.close();
  });

  it("leaves another user's directory of an ended process without failing", async () => {
    const dir = root();
    const foreign = join(dir, `eid-media-${await deadPid()}-foreign`);
    mkdirSync(foreign);
    // Only root can give a directory to another user (nobody); run as anyone else, the directory is the test's own
    // and is removed.
    if (process.getuid?.() === 0) chownSync(foreign, 65534, 65534);
    const handover = Handover.create(dir);
    expect(existsSync(foreign)).toBe(process.getuid?.() === 0);
    handover.close();
  });

  it('removes a given-up photo\'s results once more after its process had time to write them', async () => {
    const handover = Handover.create(root());
    const file = (await handover.put(new Uint8Array([1])))!;
    await handover.dropGivenUp(file, 50);
    expect(readdirSync(handover.dir)).toEqual([]);
    // The process, not yet ended, writes its results after the first removal.
    writeFileSync(`${file}.image`, 'late');
    await vi.waitFor(() => expect(readdirSync(handover.dir)).toEqual([]), { timeout: 2000 });
    handover.close();
  });

  it('[IMG5] leaves no photo on disk after a processed, a refused or a given-up image; without its directory photos go through the pipe', async () => {
    const dir = root();
    const media = new SharpMediaProcessor({ processes: 1, handoverRoot: dir });
    const [own] = readdirSync(dir);
    const files = () => readdirSync(join(dir, own!));
    try {
      expect((await media.process({ bytes: mediaFixture('scene.jpg'), purpose: 'photo', legend: null })).ok).toBe(true);
      expect(files()).toEqual([]);
      const garbage = new Uint8Array(4096).map((_, i) => (i < 4 ? [0xff, 0xd8, 0xff, 0xe0][i]! : (i * 7919) % 251));
      expect(await media.process({ bytes: garbage, purpose: 'photo', legend: null })).toEqual({ ok: false, code: 'FAILED_CONVERSION' });
      expect(files()).toEqual([]);
      (media as unknown as { timeoutMs: number }).timeoutMs = 1;
      expect(await media.process({ bytes: mediaFixture('large-12mp.heic'), purpose: 'photo', legend: null })).toEqual({ ok: false, code: 'FAILED_CONVERSION' });
      expect(files()).toEqual([]);
      (media as unknown as { timeoutMs: number }).timeoutMs = 60_000;
      rmSync(join(dir, own!), { recursive: true });
      const out = await media.process({ bytes: mediaFixture('scene.jpg'), purpose: 'photo', legend: null });
      expect(out.ok && out.image.contentType).toBe('image/jpeg');
    } finally {
      await media.close();
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it('writes an upload\'s body to a file as it arrives: its length and first bytes known, all of it read back; cut past its limit or broken off, nothing left', async () => {
    const handover = Handover.create(root());
    async function* chunks(...parts: number[][]) {
      for (const part of parts) yield new Uint8Array(part);
    }
    const body = await handover.spool(chunks([1, 2], [3], [], Array.from({ length: 100 }, (_, i) => i)), 103);
    expect(body).not.toBeNull();
    expect(body!.length).toBe(103);
    expect([...body!.head]).toEqual([1, 2, 3, ...Array.from({ length: 61 }, (_, i) => i)]);
    expect([...(await body!.bytes())]).toEqual([1, 2, 3, ...Array.from({ length: 100 }, (_, i) => i)]);
    expect(statSync(body!.file).mode & 0o777).toBe(0o600);
    expect(handover.holds(body!)).toBe(true);
    expect(handover.holds(uploadBodyOf(new Uint8Array([1])))).toBe(false);
    await body!.dispose();
    expect(readdirSync(handover.dir)).toEqual([]);
    // A short body: its head is all of it.
    const short = await handover.spool(chunks([7, 8]), 10);
    expect([...short!.head]).toEqual([7, 8]);
    await short!.dispose();
    await expect(handover.spool(chunks([1, 2], [3, 4]), 3)).rejects.toBeInstanceOf(BodyTooLarge);
    expect(readdirSync(handover.dir)).toEqual([]);
    async function* broken() {
      yield new Uint8Array([1, 2, 3]);
      throw new Error('aborted');
    }
    await expect(handover.spool(broken(), 100)).rejects.toThrow('aborted');
    expect(readdirSync(handover.dir)).toEqual([]);
    // Another server's directory's body is not this one's.
    const other = Handover.create(root());
    const theirs = await other.spool(chunks([1]), 10);
    expect(handover.holds(theirs!)).toBe(false);
    await theirs!.dispose();
    other.close();
    // No directory: no file; the caller keeps the body in memory.
    handover.close();
    expect(await handover.spool(chunks([1]), 10)).toBeNull();
  });

  it('[IMG5] reads a spooled photo where it lies and leaves it for its upload to remove; its results are removed whatever the outcome', async () => {
    const dir = root();
    const media = new SharpMediaProcessor({ processes: 1, handoverRoot: dir });
    const [own] = readdirSync(dir);
    const files = () => readdirSync(join(dir, own!));
    async function* inPieces(bytes: Uint8Array) {
      for (let at = 0; at < bytes.length; at += 1000) yield bytes.subarray(at, at + 1000);
    }
    try {
      const photo = mediaFixture('scene.jpg');
      const body = (await media.spool(inPieces(photo), photo.length))!;
      const out = await media.process({ body, purpose: 'photo', legend: null });
      expect(out.ok && out.image.contentType).toBe('image/jpeg');
      expect(files()).toEqual([body.file.slice(body.file.lastIndexOf('/') + 1)]);
      await body.dispose();
      const garbage = new Uint8Array(4096).map((_, i) => (i < 4 ? [0xff, 0xd8, 0xff, 0xe0][i]! : (i * 7919) % 251));
      const refused = (await media.spool(inPieces(garbage), garbage.length))!;
      expect(await media.process({ body: refused, purpose: 'photo', legend: null })).toEqual({ ok: false, code: 'FAILED_CONVERSION' });
      expect(files()).toHaveLength(1);
      await refused.dispose();
      expect(files()).toEqual([]);
      // A body held elsewhere (in memory) is handed over as before.
      expect((await media.process({ body: uploadBodyOf(photo), purpose: 'photo', legend: null })).ok).toBe(true);
      expect(files()).toEqual([]);
    } finally {
      await media.close();
    }
  });
});
