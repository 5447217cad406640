// Type declarations of nonet.js: libnonet in WebAssembly.

/** Rules every puzzle of a call is read with (formats with their own rules keep them). */
export interface Rules {
  /** Box rows and columns; [0, 0] (default): the default box of each size. */
  box?: [number, number];
  /** Variant names: "x", "hyper", "disjoint", "anti-knight", "anti-king", "non-consecutive". */
  variants?: string | string[];
  /** A jigsaw map: N rows of N region symbols. */
  regions?: string;
}

/** Fields of every record for a puzzle that cannot be read or breaks the rules. */
export interface Failure {
  status: 'invalid' | string;
  /** "nonet: -:LINE: what is wrong" */
  error?: string;
  /** The library's status name ("syntax error", "rule broken", ...). */
  code?: string;
  index?: number;
  line?: number;
}

/** `nonet solve -o json -T` / `nonet count -o json -T`. */
export interface SolveRecord extends Partial<Failure> {
  index: number;
  source: string;
  line: number;
  puzzle: string;
  comment?: string;
  status: 'unique' | 'several' | 'none' | 'gave up' | 'invalid';
  count: number;
  exact: boolean;
  solutions: string[];
}

/** `nonet check` verdicts as records. */
export interface CheckRecord extends Partial<Failure> {
  index: number;
  puzzle: string;
  status: 'unique' | 'several' | 'none' | 'contradiction' | 'error' | 'invalid';
  minimal?: boolean;
  /** "rRcC": a given that can go keeping the puzzle unique. */
  removable?: string;
  /** The CLI's words: "unique, minimal", "several solutions", ... */
  verdict: string;
}

/** A step as `nonet hint -o json` / `nonet explain -o json` write it. */
export interface Step {
  /** 1-based position of the puzzle in the input */
  index: number;
  source?: string;
  line?: number;
  /** the givens (hint records; explain's closing record) */
  puzzle?: string;
  /** hint: "step" */
  status?: 'step';
  step?: number;
  technique: string;
  name: string;
  rating?: number;
  variant?: number;
  complexity?: number;
  /** [row, column, digit], 1-based */
  placements?: [number, number, number][];
  eliminations?: [number, number, number][];
  pattern?: {
    cells: [number, number][];
    extra: [number, number][];
    digits: number[];
    base: string[];
    cover: string[];
    nodes: [number, number, number, number, number][];
    links: [number, number, number][];
  };
}

/** A hint's answer: a step, or what stands in the way. */
export type HintRecord =
  | Step
  | ({ index: number; puzzle?: string; status: 'solved' | 'stuck' | 'no solution' | 'invalid' } & Partial<Failure>)
  | Mistake;

/** The closing record of a puzzle in explain(). */
export interface ExplainSummary {
  index: number;
  source?: string;
  line?: number;
  /** the givens */
  puzzle: string;
  status: 'solved' | 'stuck' | 'invalid' | 'no solution';
  steps: number;
  hardest: number;
}

/** A cell where the player's state lost the solution. */
export interface Mistake {
  puzzle: 1;
  status: 'mistake';
  /** [row, column], 1-based */
  cell: [number, number];
  digit: number;
  /** "r2c1 has lost its candidate 7" or "r2c1 holds 3, the solution has 5 there" */
  message: string;
}

/** `nonet rate -o json -T` plus the technique of the hardest step. */
export interface RateRecord extends Partial<Failure> {
  index: number;
  puzzle: string;
  er: number;
  ep: number;
  ed: number;
  /** the generator's band of er: easy, medium, hard, fiendish, diabolical, nightmare */
  difficulty?: string;
  status: 'rated' | 'stuck' | 'no solution' | 'invalid';
  steps: number;
  hardest?: string;
}

/** `nonet canon -o json`. */
export interface CanonRecord extends Partial<Failure> {
  index: number;
  puzzle: string;
  original: string;
  automorphisms?: number;
  transform: { transpose: boolean; rows: number[]; cols: number[]; digits: number[] };
}

/** What a page needs to draw a puzzle. */
export interface ParseRecord extends Partial<Failure> {
  index: number;
  puzzle: string;
  size: number;
  /** [0, 0] for a jigsaw */
  box: [number, number];
  /** N*N digits, 0 empty */
  cells: number[];
  /** N*N region ids */
  regions: number[];
  variants: string[];
  /** Every house, named as steps name them ("r1", "c4", "b1", "d1", "w1", "p1", "g1"). */
  houses: { name: string; cells: number[] }[];
  /** N*N candidate masks (bit d-1: digit d) when the puzzle has pencilmarks. */
  candidates?: number[];
  /** The puzzle in the nonet format (keeps its shape, rules and pencilmarks). */
  nonet: string;
}

export type Difficulty = 'easy' | 'medium' | 'hard' | 'fiendish' | 'diabolical' | 'nightmare';

export interface GenerateOptions {
  /** Named band of Sudoku Explainer ratings (as `nonet generate --difficulty`). */
  difficulty?: Difficulty;
  /** ER band [min, max] (max 0: no top), when no difficulty. */
  rating?: [number, number];
  symmetry?: 'none' | 'rotate180' | 'rotate90' | 'mirror' | 'flip' | 'diagonal' | 'anti-diagonal' | 'dihedral' | 'random';
  /** Side N (default 9). */
  size?: number;
  box?: [number, number];
  /** A random jigsaw map for each puzzle. */
  jigsaw?: boolean;
  variant?: string | string[];
  variants?: string | string[];
  /** 64-bit seed (default 0). */
  seed?: number | bigint | string;
  /** Puzzles to make (default 1). */
  count?: number;
}

/** `nonet generate -o json` plus "nonet", the puzzle in the nonet format. */
export interface GenerateRecord extends Partial<Failure> {
  index: number;
  puzzle: string;
  solution: string;
  clues: number;
  seed: number;
  symmetry: string;
  minimal: boolean;
  size?: number;
  regions?: string;
  variants?: string;
  er?: number;
  ep?: number;
  ed?: number;
  difficulty?: string;
  /** the technique of the hardest step */
  technique?: string;
  nonet: string;
}

export interface Nonet {
  version(): string;
  /** The named difficulty bands, easiest first (ER; max 0: no top). */
  difficulties(): { name: string; min: number; max: number }[];
  solve(text: string, rules?: Rules): SolveRecord[];
  /** Counts up to `limit` solutions (0: all), keeping the first `keep`. */
  count(text: string, opts?: { limit?: number; keep?: number }, rules?: Rules): SolveRecord[];
  check(text: string, rules?: Rules): CheckRecord[];
  /** level 1: the technique; 2: where to look; 3: the whole step. */
  hint(text: string, level?: 1 | 2 | 3, rules?: Rules): HintRecord[];
  explain(text: string, rules?: Rules): (Step | ExplainSummary | Failure)[];
  rate(text: string, rules?: Rules): RateRecord[];
  canon(text: string, form?: 'minlex' | 'pattern', rules?: Rules): CanonRecord[];
  parse(text: string, rules?: Rules): ParseRecord[];
  generate(opts?: GenerateOptions): GenerateRecord[];
  /** A hint from a player's state of the first puzzle of `text`: its cells and candidate masks (0: any). */
  hintState(text: string, cells: ArrayLike<number>, candidates: ArrayLike<number> | null, level?: 1 | 2 | 3, rules?: Rules): HintRecord;
  /** "Check my progress": a mistake, or { status: "ok" | "solved", empty }. */
  checkProgress(text: string, cells: ArrayLike<number>, candidates: ArrayLike<number> | null, rules?: Rules): Mistake | { puzzle: 1; status: 'ok' | 'solved'; empty: number } | Failure;
  /** Solves every puzzle; the answers as text, as `nonet solve` writes them (a whole batch in one call). */
  solveText(text: string, rules?: Rules): string;
  /** Benchmark: reads the puzzles once, solves them `runs` times (limit 2), one reused solver. */
  benchSolve(text: string, runs?: number): { puzzles: number; solved: number; guesses: number };
  dispose(): void;
}

export class NonetError extends Error {}

/** Loads the module: by default the copy embedded in the package (offline, file://). */
export function createNonet(options?: { wasm?: BufferSource | string | URL | WebAssembly.Module }): Promise<Nonet>;
