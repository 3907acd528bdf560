import { StatementPicker } from '../features/statement';

/** Statements (/user/statements): the buyer's yearly statement of purchases. */
export default function Statements() {
  return (
    <div>
      <h1 className="h3 pl-page-title">Statements</h1>
      <StatementPicker />
    </div>
  );
}
