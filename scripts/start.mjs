// Placeholder until the HTTP service (issue 6) lands: say so plainly rather than pretend.
console.error('budgetnorm: the HTTP service is not built yet (see the HTTP service issue). The library is usable: import { repaymentCapacity, retirementExpenditure } from "budgetnorm".');
process.exit(1);
