// npm run phone:metadata: writes src/domain/nanp-metadata.json, libphonenumber-js's metadata cut
// down to the North American Numbering Plan (calling code 1: the US, Canada and the Caribbean),
// so the quote wizard checks phone numbers with 4 KB of rules instead of 80 KB. A unit test fails
// when the installed libphonenumber-js would give a different file (run this after upgrading it).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { nanpMetadata } from './lib/nanp-metadata.ts';
import { ROOT } from './lib/database.ts';

const file = path.join(ROOT, 'src', 'domain', 'nanp-metadata.json');
writeFileSync(file, `${JSON.stringify(nanpMetadata())}\n`);
console.log(`Wrote ${path.relative(ROOT, file)}`);
