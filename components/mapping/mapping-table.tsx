// The document's mapping, as tables: sensitivity → paranoia level and score threshold; action → action.
import { ACTION_TABLE, PARANOIA_EXPLANATION, SENSITIVITY_TABLE } from "@/lib/migration/sensitivity-mapping";

const cell = "border-b border-slate-100 px-3 py-2 text-left";

export function MappingTable() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <table className="rounded-lg border border-slate-200 bg-white text-sm">
        <caption className="px-3 py-2 text-left font-semibold">Core attack rule set sensitivity</caption>
        <thead className="bg-slate-50 text-xs font-semibold text-slate-600">
          <tr>
            <th className={cell}>Previous sensitivity</th>
            <th className={cell}>Paranoia level</th>
            <th className={cell}>Score threshold</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(SENSITIVITY_TABLE).map(([sensitivity, mapping]) => (
            <tr key={sensitivity}>
              <td className={`${cell} capitalize`}>{sensitivity}</td>
              <td className={cell}>PL{mapping.paranoiaLevel}</td>
              <td className={cell}>
                {mapping.scoreThresholdName}, {mapping.scoreThreshold} or higher
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="rounded-lg border border-slate-200 bg-white text-sm">
        <caption className="px-3 py-2 text-left font-semibold">Action</caption>
        <thead className="bg-slate-50 text-xs font-semibold text-slate-600">
          <tr>
            <th className={cell}>Previous action</th>
            <th className={cell}>New action</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(ACTION_TABLE).map(([old, next]) => (
            <tr key={old}>
              <td className={`${cell} capitalize`}>{old}</td>
              <td className={`${cell} capitalize`}>{next}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm text-slate-600 lg:col-span-2">
        {PARANOIA_EXPLANATION} Group overrides and rule overrides of the previous core rule set are not migrated. What does migrate:
        firewall rules bypassing managed rules, page rules with security disabled or turning the firewall on or off, and the core rule set's
        sensitivity and action.
      </p>
    </div>
  );
}
