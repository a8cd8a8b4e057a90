// Small media files for the demo blog, generated at seed time (the video is shipped in
// scripts/demo/): a photo, a short tune, a tide table and cover images. Deterministic, so a
// second seed produces the same bytes.
import { readFileSync } from "node:fs";
import sharp from "sharp";

const root = new URL("../..", import.meta.url).pathname;

/** A 960×640 PNG of a tide pool at dawn, drawn as SVG and rasterised by sharp. */
export async function tidePoolPhoto() {
  const rocks = Array.from({ length: 14 }, (_, i) => {
    const x = 60 + ((i * 137) % 840);
    const y = 430 + ((i * 53) % 150);
    const r = 18 + ((i * 29) % 40);
    return `<ellipse cx="${x}" cy="${y}" rx="${r * 1.6}" ry="${r}" fill="#${["3b3f4a", "4a4f5c", "2f333c"][i % 3]}"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1d2b53"/><stop offset="0.55" stop-color="#ff9e7a"/><stop offset="1" stop-color="#ffd9a0"/></linearGradient>
      <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4a7fa8"/><stop offset="1" stop-color="#0f3350"/></linearGradient>
    </defs>
    <rect width="960" height="640" fill="url(#sky)"/>
    <circle cx="700" cy="330" r="60" fill="#fff1c9" opacity="0.9"/>
    <rect y="340" width="960" height="300" fill="url(#sea)"/>
    <path d="M0 360 Q240 340 480 362 T960 356 V640 H0 Z" fill="#2c5d82" opacity="0.6"/>
    ${rocks}
    <circle cx="300" cy="520" r="10" fill="#ff6f61"/><circle cx="318" cy="528" r="7" fill="#ff6f61"/>
    <path d="M520 560 l12 -24 l12 24 l-12 -8 z" fill="#f7c548"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A four-second 8 kHz mono WAV: a short harbour tune (a pentatonic phrase with a soft envelope). */
export function harborTune() {
  const rate = 8000;
  const notes = [392, 440, 523.25, 587.33, 659.25, 587.33, 523.25, 440];
  const noteLen = rate / 2;
  const samples = new Int16Array(notes.length * noteLen);
  notes.forEach((f, n) => {
    for (let i = 0; i < noteLen; i++) {
      const t = i / rate;
      const env = Math.min(1, i / 200) * Math.exp(-3 * t);
      samples[n * noteLen + i] = Math.round(9000 * env * (Math.sin(2 * Math.PI * f * t) + 0.3 * Math.sin(4 * Math.PI * f * t)));
    }
  });
  const data = Buffer.from(samples.buffer);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A five-second WebM clip of waves over a tide pool (recorded once with Chromium's MediaRecorder). */
export function tidePoolClip() {
  return readFileSync(`${root}scripts/demo/tide-pool.webm`);
}

/** A year of (made-up) tide times as CSV: the document preview shows its first rows. */
export function tideTable() {
  const rows = ["date,high water 1,high water 2,low water 1,low water 2,range (m)"];
  const start = Date.UTC(2026, 0, 1);
  const hhmm = (m) => `${String(Math.floor(m / 60) % 24).padStart(2, "0")}:${String(Math.floor(m) % 60).padStart(2, "0")}`;
  for (let d = 0; d < 365; d++) {
    const shift = (d * 50.47) % 1440; // tides come about 50 minutes later each day
    const range = 3.1 + 1.2 * Math.cos((2 * Math.PI * d) / 14.77);
    rows.push([new Date(start + d * 86_400_000).toISOString().slice(0, 10), hhmm(shift), hhmm(shift + 745), hhmm(shift + 372), hhmm(shift + 1117), range.toFixed(2)].join(","));
  }
  return Buffer.from(`${rows.join("\n")}\n`);
}

/** A small SVG cover as a data: URL (the cover is the only public image of a post). */
export function coverUrl(label, hue) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 60% 35%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 70% 60%)"/></linearGradient></defs><rect width="640" height="360" fill="url(#g)"/><path d="M0 260 Q160 230 320 262 T640 256 V360 H0 Z" fill="#ffffff" opacity="0.25"/><title>${label}</title><circle cx="320" cy="150" r="54" fill="#ffffff" opacity="0.35"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
