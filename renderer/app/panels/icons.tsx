// Small stroke icons in the text colour (emoji fonts are not everywhere).
const common = { width: 14, height: 14, viewBox: "0 0 16 16", fill: "none", stroke: "currentColor", strokeWidth: 1.5, "aria-hidden": true } as const;

export function EyeIcon({ open }: { readonly open: boolean }) {
  return (
    <svg {...common}>
      <path d="M1 8s2.5-5 7-5 7 5 7 5-2.5 5-7 5-7-5-7-5z" opacity={open ? 1 : 0.4} />
      {open ? <circle cx="8" cy="8" r="2" /> : <path d="M2 2l12 12" />}
    </svg>
  );
}

export function LockIcon({ locked }: { readonly locked: boolean }) {
  return (
    <svg {...common}>
      <rect x="3" y="7" width="10" height="7" rx="1" fill={locked ? "currentColor" : "none"} />
      <path d={locked ? "M5 7V5a3 3 0 0 1 6 0v2" : "M5 7V5a3 3 0 0 1 6 0"} opacity={locked ? 1 : 0.5} />
    </svg>
  );
}
