import { describe, expect, it } from 'vitest';
import { isSoftwareRenderer } from './softwareWebGl.ts';

describe('software WebGL', () => {
  it('recognises CPU rasterisers and leaves GPUs alone', () => {
    expect(
      isSoftwareRenderer('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)'),
    ).toBe(true);
    expect(isSoftwareRenderer('llvmpipe (LLVM 15.0.6, 256 bits)')).toBe(true);
    expect(isSoftwareRenderer('ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11)')).toBe(true);
    expect(isSoftwareRenderer('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0)')).toBe(
      false,
    );
    expect(isSoftwareRenderer('Apple M2')).toBe(false);
  });
});
