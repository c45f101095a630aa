#!/usr/bin/env node
// Same as `npx quartier-build`: compiles region bundles. See packages/engine/src/cli/build-region.ts.
//   node tools/build-region.js --all | BE PT | --country LU --osm extract.osm.pbf [--gtfs feed.zip]
import '../packages/engine/dist/src/cli/build-region.js';
