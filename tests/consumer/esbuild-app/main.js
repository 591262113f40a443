// A consumer app built by esbuild, following the README's two recipes: the API finds its .wasm through
// locateFile (esbuild's file loader copies and names the files), and the components find theirs, and their
// workers, beside the bundle (the package's dist/ copied into the output folder).
import { createLab } from 'positional-encoding-lab';
import 'positional-encoding-lab/components';
import simdUrl from 'positional-encoding-lab/pelab.wasm';
import scalarUrl from 'positional-encoding-lab/pelab-scalar.wasm';

const lab = await createLab({ locateFile: (file) => (file === 'pelab.wasm' ? simdUrl : scalarUrl) });
const pe = lab.sinusoidal({ positions: 2, dModel: 4, start: 0 });
document.getElementById('out').textContent = `${lab.build} ${pe[4].toFixed(6)} ${simdUrl}`;
document.body.dataset.ready = 'true';
