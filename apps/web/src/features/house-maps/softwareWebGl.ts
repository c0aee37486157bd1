/** Renderer names of WebGL implementations that rasterise on the CPU. */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|basic render/i;

export const isSoftwareRenderer = (name: string) => SOFTWARE_RENDERER.test(name);

/**
 * True when WebGL runs in software (no GPU, a VM, a remote desktop, headless chromium). There
 * multisample antialiasing costs about as much as the drawing itself on every frame, so the
 * viewer goes without it to keep pan and zoom responsive. Probed once on a throw-away context.
 */
let probed: boolean | null = null;
export function softwareWebGl(): boolean {
  if (probed !== null) return probed;
  const gl = document.createElement('canvas').getContext('webgl2');
  const info = gl?.getExtension('WEBGL_debug_renderer_info');
  const name = gl ? String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)) : '';
  gl?.getExtension('WEBGL_lose_context')?.loseContext();
  probed = isSoftwareRenderer(name);
  return probed;
}
