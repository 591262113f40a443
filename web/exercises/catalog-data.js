// Written by scripts/catalog.mjs from the exercises (web/exercises/index.js): edit those, then run
// `node scripts/catalog.mjs`.
export const ENTRIES = [
  {
    "id": "mask-order",
    "title": "Warm-up: where the causal mask goes",
    "maxScore": 1,
    "trains": false,
    "questions": []
  },
  {
    "id": "attention-equation",
    "title": "Warm-up: write the attention equation",
    "maxScore": 1,
    "trains": false,
    "questions": []
  },
  {
    "id": "swap-invariance",
    "title": "Swap two tokens: what does attention notice?",
    "maxScore": 0,
    "trains": false,
    "questions": [
      {
        "prediction": true,
        "prompt": "Predict first: without a position encoding, what happens to the watched token’s output when two tokens swap?",
        "options": [
          {
            "id": "same",
            "correct": true
          },
          {
            "id": "changes",
            "correct": false
          },
          {
            "id": "zero",
            "correct": false
          }
        ]
      }
    ]
  },
  {
    "id": "position-in-embeddings",
    "title": "Attention only sees Q, K and V",
    "maxScore": 1,
    "trains": false,
    "questions": []
  },
  {
    "id": "why-positional-encoding",
    "title": "Why positional encoding exists",
    "maxScore": 1,
    "trains": false,
    "questions": []
  },
  {
    "id": "frequency-structure",
    "title": "Fast pairs and slow pairs",
    "maxScore": 1,
    "trains": false,
    "questions": []
  },
  {
    "id": "wavelength-of-a-pair",
    "title": "Work it out: the wavelength of a pair",
    "maxScore": 1,
    "trains": false,
    "questions": []
  },
  {
    "id": "binary-analogy",
    "title": "Like a binary counter",
    "maxScore": 1,
    "trains": false,
    "questions": []
  },
  {
    "id": "relative-offset",
    "title": "An offset is a rotation",
    "maxScore": 1,
    "trains": false,
    "questions": []
  },
  {
    "id": "clock-hands",
    "title": "Each pair is a clock hand",
    "maxScore": 1,
    "trains": false,
    "questions": []
  },
  {
    "id": "implement-it",
    "title": "Implement it yourself",
    "maxScore": 1,
    "trains": false,
    "questions": []
  },
  {
    "id": "same-token-different-position",
    "title": "Same token, different position",
    "maxScore": 1,
    "trains": false,
    "questions": []
  },
  {
    "id": "pipeline",
    "title": "Where the encoding enters",
    "maxScore": 1,
    "trains": false,
    "questions": []
  },
  {
    "id": "four-properties",
    "title": "Four properties, four checks",
    "maxScore": 4,
    "trains": false,
    "questions": []
  },
  {
    "id": "norm-of-pe",
    "title": "Work it out: the length of PE(p)",
    "maxScore": 1,
    "trains": false,
    "questions": []
  },
  {
    "id": "learned-embeddings",
    "title": "Learned position tables",
    "maxScore": 1,
    "trains": false,
    "questions": []
  },
  {
    "id": "extrapolation",
    "title": "Past the training length",
    "maxScore": 1,
    "trains": false,
    "questions": []
  },
  {
    "id": "pytorch-module",
    "title": "Reading the real module",
    "maxScore": 1,
    "trains": false,
    "questions": []
  },
  {
    "id": "buffer-vs-parameter",
    "title": "Buffer, attribute or parameter?",
    "maxScore": 1,
    "trains": false,
    "questions": []
  },
  {
    "id": "conventions",
    "title": "Three conventions in real libraries",
    "maxScore": 1,
    "trains": false,
    "questions": []
  },
  {
    "id": "precision",
    "title": "Precision at large positions",
    "maxScore": 1,
    "trains": false,
    "questions": []
  },
  {
    "id": "absolute-vs-relative",
    "title": "Where does the position go in?",
    "maxScore": 0,
    "trains": false,
    "questions": [
      {
        "prediction": true,
        "prompt": "Predict first: the same sentence is moved 50 positions later (same tokens, same order). With which encodings do the attention weights stay the same, up to float rounding?",
        "options": [
          {
            "id": "relative",
            "correct": true
          },
          {
            "id": "all",
            "correct": false
          },
          {
            "id": "absolute",
            "correct": false
          },
          {
            "id": "none",
            "correct": false
          }
        ]
      }
    ]
  },
  {
    "id": "rope",
    "title": "RoPE: rotate the queries and the keys",
    "maxScore": 1,
    "trains": false,
    "questions": []
  },
  {
    "id": "alibi",
    "title": "ALiBi: a penalty that grows with distance",
    "maxScore": 1,
    "trains": false,
    "questions": []
  },
  {
    "id": "longer-than-trained",
    "title": "Longer than trained: stretching RoPE",
    "maxScore": 0,
    "trains": true,
    "questions": [
      {
        "prediction": true,
        "prompt": "Predict first: the model trained on lengths 8–16 reads sequences of 64 tokens, 4 times its longest, with no fine-tuning. Which keeps the most accuracy?",
        "options": [
          {
            "id": "pi-and-yarn",
            "correct": true
          },
          {
            "id": "keep-positions",
            "correct": false
          },
          {
            "id": "ntk-only",
            "correct": false
          },
          {
            "id": "all-alike",
            "correct": false
          }
        ]
      }
    ]
  },
  {
    "id": "ntk-base",
    "title": "Work it out: the NTK-aware base",
    "maxScore": 1,
    "trains": false,
    "questions": []
  },
  {
    "id": "train-it",
    "title": "Train it yourself",
    "maxScore": 0,
    "trains": true,
    "questions": [
      {
        "prediction": true,
        "prompt": "Predict first: after 1,000 training steps, which of the seven models will still be at chance (about half right) on new sequences of the training lengths?",
        "options": [
          {
            "id": "none-alibi",
            "correct": true
          },
          {
            "id": "only-none",
            "correct": false
          },
          {
            "id": "no-vectors",
            "correct": false
          },
          {
            "id": "inside",
            "correct": false
          }
        ]
      }
    ]
  }
];
