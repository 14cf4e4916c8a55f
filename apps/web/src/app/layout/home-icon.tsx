// antd-mobile-icons has no house outline; this one matches its 1em stroke style.
export const HomeOutlineIcon = () => (
  <svg width="1em" height="1em" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
    <path
      d="M6 21.5 24 7l18 14.5M11 18v22h10V29h6v11h10V18"
      fill="none"
      stroke="currentColor"
      strokeWidth="3.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);
