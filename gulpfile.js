// Copies the light and dark icons into dist/icons, where the compiled node and
// credential files point with `icon: 'file:../../icons/…'` (resolved relative to each .js file).
const { task, src, dest } = require('gulp');

function copyIcons() {
	return src('icons/*.svg', { encoding: false }).pipe(dest('dist/icons'));
}

task('build:icons', copyIcons);
