// Component tests wait for what the screen shows (findBy…, waitFor) with Testing Library's deadline;
// its default of 1 s is shorter than one render of a long form on a loaded 2-core CI machine (a
// TrustedCaSection case failed at 2.8 s there). A deadline bounds a failure, it asserts no speed.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
