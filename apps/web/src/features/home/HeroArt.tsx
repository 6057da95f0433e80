/** A decorative face outline with key points, drawn in SVG so the hero needs no image download. */
const OUTLINE = Array.from({ length: 36 }, (_, i) => {
  const angle = (i / 36) * Math.PI * 2;
  return [200 + Math.cos(angle) * 118, 200 + Math.sin(angle) * 150] as const;
});
const EYES = [
  [155, 170],
  [245, 170],
] as const;

export function HeroArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 400 400" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id="hero-glow" cx="50%" cy="45%" r="55%">
          <stop offset="0" stopColor="#a5b4fc" stopOpacity="0.55" />
          <stop offset="1" stopColor="#a5b4fc" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="200" cy="200" r="190" fill="url(#hero-glow)" />
      <rect
        x="70"
        y="38"
        width="260"
        height="324"
        rx="18"
        fill="none"
        stroke="#c7d2fe"
        strokeWidth="2"
        strokeDasharray="8 6"
      />
      {OUTLINE.map(([x, y]) => (
        <circle key={`${x.toFixed(1)}-${y.toFixed(1)}`} cx={x} cy={y} r="3.2" fill="#e0e7ff" />
      ))}
      {EYES.map(([x, y]) => (
        <g key={x}>
          <ellipse cx={x} cy={y} rx="30" ry="14" fill="none" stroke="#e0e7ff" strokeWidth="2" />
          <circle cx={x} cy={y} r="7" fill="#22d3ee" />
        </g>
      ))}
      <path
        d="M200 180 L188 245 L212 245"
        fill="none"
        stroke="#e0e7ff"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="M160 290 Q200 318 240 290"
        fill="none"
        stroke="#e0e7ff"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      {[160, 180, 200, 220, 240].map((x) => (
        <circle key={x} cx={x} cy={x === 200 ? 303 : x === 180 || x === 220 ? 299 : 290} r="3" fill="#fff" />
      ))}
    </svg>
  );
}
