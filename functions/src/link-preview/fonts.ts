// The Inter font files the link preview renders with (no system fonts, so it renders the same everywhere). In the
// Lambda they sit in `fonts/` beside the bundle (infra/card-sharing.ts copies them there after bundling); anywhere
// else (local runtime, tests) they are read from the installed @expo-google-fonts/inter package.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The weights the preview uses, as file names inside @expo-google-fonts/inter/{folder}/. */
export const previewFontFiles = [
  ['400Regular', 'Inter_400Regular.ttf'],
  ['600SemiBold', 'Inter_600SemiBold.ttf'],
  ['700Bold', 'Inter_700Bold.ttf'],
] as const;

/** The folder beside the bundle the fonts are copied into (infra/card-sharing.ts). */
export const BUNDLED_FONT_FOLDER = 'fonts';

let resolved: string[] | undefined;

/** Absolute paths of the font files. */
export function fontFilePaths(): string[] {
  if (resolved) return resolved;
  const bundled = join(dirname(fileURLToPath(import.meta.url)), BUNDLED_FONT_FOLDER);
  if (existsSync(join(bundled, previewFontFiles[0][1]))) {
    resolved = previewFontFiles.map(([, file]) => join(bundled, file));
  } else {
    const requireHere = createRequire(import.meta.url);
    const packageDir = dirname(requireHere.resolve('@expo-google-fonts/inter/package.json'));
    resolved = previewFontFiles.map(([folder, file]) => join(packageDir, folder, file));
  }
  return resolved;
}
