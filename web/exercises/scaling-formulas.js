// Two RoPE scalings as the lessons write them (TeX; the pages get them as MathML made at build time): NTK-aware
// scaling's new base, for a scale s and rotary width r, and YaRN's attention factor. Their own module, so that
// ntk-base's chunk does not hold longer-than-trained's code (which trains).
export const NTK_BASE = 'b \\to b\\,s^{r/(r-2)}';
export const YARN_FACTOR = '0.1 \\ln s + 1';
