// Types for positional-encoding-lab/embed.iife.js, the plain-script build of the embed helper: loaded with
// <script src=".../embed.iife.js">, it defines the global PelabEmbed. In TypeScript:
//   /// <reference types="positional-encoding-lab/embed.iife.js" />
import type { connectEmbeds } from './embed.js';

declare global {
  /** The embed helper, as `<script src="…/embed.iife.js">` defines it. */
  var PelabEmbed: { connectEmbeds: typeof connectEmbeds };
}

export {};
