/**
 * docs/configuration.md is generated from the configuration schema and its reference: this test
 * generates it again in memory and fails when the checked-in page differs, so a variable added,
 * removed or given another default shows up here until `npm run docs:config` is run. Pure: no services.
 */
import fs from 'node:fs';
import { z } from 'zod';
import { CONFIG_VARIABLE_NAMES, configVariableSchemas } from '../../src/config';
import { CONFIG_TOPICS } from '../../src/config-reference';
import { CONFIGURATION_DOC, renderConfigurationDoc } from '../../scripts/generate-config-doc';

describe('docs/configuration.md', () => {
  it('is what `npm run docs:config` generates from the schema (run it after changing a variable)', () => {
    expect(fs.readFileSync(CONFIGURATION_DOC, 'utf8')).toBe(renderConfigurationDoc());
  });

  it('lists every variable the service reads, each once, with its default', () => {
    const page = renderConfigurationDoc();
    for (const name of CONFIG_VARIABLE_NAMES) expect(page.match(new RegExp(`^\\| \`${name}\` \\|`, 'gm'))).toHaveLength(1);
    expect(page).toMatch(/^\| `PORT` \| `8080` \|/m);
    expect(page).toMatch(/^\| `WEBHOOK_RETRY_SCHEDULE` \| `30,120,600,1800,3600,7200,14400,28800,28800` \|/m);
    expect(page).toMatch(/^\| `PLAN_LIMITS` \| free: 10 requests a minute, 20 videos a month; .*admin: 1200 requests a minute, no monthly cap \|/m);
  });

  it('differs when a default in the schema changes', () => {
    const changed = configVariableSchemas().map(([name, schema]) => [name, name === 'PORT' ? z.coerce.number().default(9090) : schema] as const);
    const page = renderConfigurationDoc(changed);
    expect(page).not.toBe(renderConfigurationDoc());
    expect(page).toMatch(/^\| `PORT` \| `9090` \|/m);
  });

  it('cannot be generated while a variable lacks a description, or a description its variable', () => {
    const added = [...configVariableSchemas(), ['NEW_SETTING', z.string().default('x')] as const];
    expect(() => renderConfigurationDoc(added)).toThrow(/NEW_SETTING: in the schema but has no description/);
    const removed = configVariableSchemas().filter(([name]) => name !== 'HOST');
    expect(() => renderConfigurationDoc(removed)).toThrow(/HOST: described but not in the schema/);
    const unsetWithoutWord = [{ title: 'Extra', variables: { LLM_MODEL: { description: 'model' } } }];
    const withoutLlmModel = CONFIG_TOPICS.map((topic) => ({ ...topic, variables: Object.fromEntries(Object.entries(topic.variables).filter(([name]) => name !== 'LLM_MODEL')) }));
    expect(() => renderConfigurationDoc(configVariableSchemas(), [...withoutLlmModel, ...unsetWithoutWord])).toThrow(/LLM_MODEL: the schema gives no default/);
  });
});
