// A consumer app as a developer writes it: the package installed from its tarball, built by Vite.
import { createLab } from 'positional-encoding-lab';
import 'positional-encoding-lab/components';

const lab = await createLab();
const pe = lab.sinusoidal({ positions: 2, dModel: 4, start: 0 });
document.getElementById('out').textContent = `${lab.build} ${pe[4].toFixed(6)}`;
document.body.dataset.ready = 'true';
