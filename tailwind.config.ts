// Tailwind 4 reads its theme from CSS (app/globals.css loads this file with @config);
// the content globs and the few design tokens live here so there is one place to change them.
import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: { DEFAULT: "#1d4ed8", soft: "#dbeafe" },
      },
    },
  },
} satisfies Config;
