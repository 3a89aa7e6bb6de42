import { runService } from '@devcircle/service-kit';
import { definition } from './index';

runService(definition);
