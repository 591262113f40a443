// What a course author would write in plain JavaScript: the baselines of the benchmark.

/** Sinusoidal table, paper convention: frequencies precomputed, Math.sin/Math.cos into a Float32Array. */
export function sinusoidal(positions, dModel, out = new Float32Array(positions * dModel)) {
  const omega = new Float64Array(dModel / 2);
  for (let k = 0; k < dModel / 2; k++) omega[k] = Math.pow(10000, (-2 * k) / dModel);
  for (let p = 0; p < positions; p++) {
    for (let k = 0; k < dModel / 2; k++) {
      out[p * dModel + 2 * k] = Math.sin(p * omega[k]);
      out[p * dModel + 2 * k + 1] = Math.cos(p * omega[k]);
    }
  }
  return out;
}

/** softmax(QKᵀ/√dK)V with row-major Float32Arrays, the straightforward loops. */
export function attention(q, k, v, n, dK) {
  const weights = new Float32Array(n * n),
    output = new Float32Array(n * dK);
  const scale = 1 / Math.sqrt(dK);
  for (let i = 0; i < n; i++) {
    let max = -Infinity;
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let c = 0; c < dK; c++) s += q[i * dK + c] * k[j * dK + c];
      weights[i * n + j] = s * scale;
      if (weights[i * n + j] > max) max = weights[i * n + j];
    }
    let total = 0;
    for (let j = 0; j < n; j++) total += weights[i * n + j] = Math.exp(weights[i * n + j] - max);
    for (let j = 0; j < n; j++) {
      const w = (weights[i * n + j] /= total);
      for (let c = 0; c < dK; c++) output[i * dK + c] += w * v[j * dK + c];
    }
  }
  return { weights, output };
}

/** rows × rows matrix of row dot products (symmetric: upper triangle computed, then mirrored). */
export function dotMatrix(table, rows, dModel) {
  const out = new Float32Array(rows * rows);
  for (let i = 0; i < rows; i++) {
    for (let j = i; j < rows; j++) {
      let s = 0;
      for (let c = 0; c < dModel; c++) s += table[i * dModel + c] * table[j * dModel + c];
      out[i * rows + j] = out[j * rows + i] = s;
    }
  }
  return out;
}
