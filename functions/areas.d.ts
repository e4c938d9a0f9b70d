// Types of functions/areas.js (plain JavaScript, so that eslint.config.js can read it).
export declare const areaLayers: readonly (readonly string[])[];
