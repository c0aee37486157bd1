import { expect, test } from '../support/fixtures.ts';
import { stamp } from '../support/names.ts';
import { modelScanTask } from '../support/scan-task.ts';
import { pickOption } from '../support/select.ts';
import { signInAndLand } from '../support/sign-in.ts';
import { taskProject, type TaskProject } from '../support/task-project.ts';

/**
 * A glTF model scan (issue 32): a robot's household model, kept quantized (KHR_mesh_quantization, no
 * WebAssembly decoder under the CSP), drawn in the model preview; a site picked from the list opens
 * its readings. In both languages.
 */
for (const language of ['zh-CN', 'en-US'] as const)
  test.describe(`model scans (${language})`, () => {
    let setup: TaskProject;
    let model: { taskId: string; scanId: string };
    test.beforeAll(async () => {
      test.setTimeout(240_000);
      setup = await taskProject(`E2E模型${stamp()}`);
      model = await modelScanTask(setup, `模型${stamp()}`);
    });

    test('the model preview draws the glTF model; a picked site opens its readings', async ({ browsers }) => {
      const { page, errors } = await browsers.open(language);
      await signInAndLand(page, setup.planner, language);
      const served = page.waitForResponse((response) =>
        response.url().endsWith(`/api/ms/Scans/${model.scanId}/Model`),
      );
      await page.goto(`${new URL(page.url()).origin}/measurerobot/modelTaskData?taskId=${model.taskId}`);
      const glb = await served;
      expect(glb.status()).toBe(200);
      expect(glb.headers()['content-type']).toBe('model/gltf-binary');
      // The stored model is the compact one the scans job made.
      const json = (await glb.body()).subarray(20, 20 + (await glb.body()).readUInt32LE(12)).toString('utf8');
      expect(JSON.parse(json).extensionsUsed).toEqual(['KHR_mesh_quantization']);
      const view = page.getByTestId('scan-view');
      await expect(view).toHaveAttribute('data-points', 'shown');
      await pickOption(page, page.getByTestId('scan-sites').getByRole('combobox'), '#1');
      await expect(view).toHaveAttribute('data-selected', '1');
      const site = page.getByTestId('scan-site');
      await expect(site).toContainText('#1 north wall');
      // The site's readings (the task data page's site view): 6 is one of PL-01's values.
      await expect(site.getByTestId('value-PL-01-2')).toContainText('6');
      expect(errors).toEqual([]);
    });
  });
