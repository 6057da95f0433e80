import zlib from 'node:zlib';

/** One file of a ZIP archive. */
export interface ZipEntry {
  /** Path inside the archive, `/`-separated, ASCII. */
  name: string;
  data: Buffer;
}

/**
 * A ZIP archive of `entries`, stored without compression (the results it carries are JPEG and PNG,
 * which deflate would not shrink), as PKWARE's APPNOTE.TXT 6.3 describes the format: a local header
 * and the data for each file, then the central directory and its end record. Files and the archive
 * stay under 4 GB and 65,535 entries (no ZIP64); the timestamps are 1980-01-01 00:00.
 */
export function zipStore(entries: readonly ZipEntry[]): Buffer {
  if (entries.length > 0xffff) throw new Error('too many files for a ZIP without ZIP64');
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const fileName = Buffer.from(name, 'utf8');
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); // local file header signature
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(0x0800, 6); // flags: names are UTF-8
    local.writeUInt16LE(0, 8); // method: stored
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x21, 12); // date: 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18); // compressed size
    local.writeUInt32LE(data.length, 22); // uncompressed size
    local.writeUInt16LE(fileName.length, 26);
    local.writeUInt16LE(0, 28); // extra field length
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0); // central directory header signature
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6); // version needed
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    // extra, comment, disk number, internal and external attributes: 0
    central.writeUInt32LE(offset, 42); // offset of the local header
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); // end of central directory signature
  end.writeUInt16LE(entries.length, 8); // entries on this disk
  end.writeUInt16LE(entries.length, 10); // entries in all
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16); // offset of the central directory
  return Buffer.concat([...locals, directory, end]);
}
