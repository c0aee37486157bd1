/**
 * The DXF rendering code (dxf-viewer, three.js: about 1.4 MB) is its own chunk: image plans never
 * load it, and DXF plans start loading it as soon as the house type is known, while the plan file
 * is still being fetched.
 */
export const loadDxfModule = () => import('./dxfBase.ts');
