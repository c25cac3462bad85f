import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names, letting later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/**
 * Joins fixed class lists written together (nothing to override). For module-level constants: a `cn()`
 * there builds tailwind-merge's class map while the module is evaluated, inside the long task that
 * starts the page's scripts (decision 027).
 */
export function joinClasses(...parts: string[]) {
  return parts.join(" ");
}

/**
 * The classes of a control only the script can make work (decision 031): hidden until it runs (its
 * place kept, nothing moves) and without it (`@media (scripting: none)`).
 */
export const NEEDS_SCRIPT = "noscript:hidden [html:not([data-hydrated=true])_&]:invisible";
