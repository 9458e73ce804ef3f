import { tearDownSharedSystems } from './shared-systems-setup';

// Global teardown of the system tests' jest project: stops the systems its setup started.
export default tearDownSharedSystems;
