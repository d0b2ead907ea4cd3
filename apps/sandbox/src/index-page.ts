// The sandbox's front page: tells a person trying Kifu which emulators run here and what to type.
const EMULATORS = [
  { name: 'Postal code lookup (zipcloud-compatible)', example: '/postal/api/search?zipcode=1000001' },
];

export function indexPage(): string {
  const rows = EMULATORS.map((e) => `<li>${e.name}: <a href="${e.example}"><code>${e.example}</code></a></li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kifu provider sandbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.6}</style></head>
<body><h1>Kifu provider sandbox</h1><p>Emulators of the third parties Kifu talks to, running offline.</p><ul>${rows}</ul></body></html>`;
}
