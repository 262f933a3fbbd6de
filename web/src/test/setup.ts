import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor default to 1 s, too little on a busy 2-core CI machine; failures still fail, just later.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
