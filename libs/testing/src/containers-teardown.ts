import { tearDownContainers } from './containers-setup';

// Global teardown of the container suite's jest project: stops what its setup started.
export default tearDownContainers;
