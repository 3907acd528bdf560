import type { AdminDashboard } from '@prelaunch/api';
import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  type ActiveElement,
  type Chart,
  type ChartEvent,
  type Plugin,
} from 'chart.js';
import { useMemo, useState } from 'react';
import { Bar, Doughnut, Pie } from 'react-chartjs-2';
import { fixed2, formatInr, grouped } from '@prelaunch/ui';
import { rupees } from '../../../lib/money';
import { referralSlices, supplySlices } from '../supply';

ChartJS.register(ArcElement, BarElement, CategoryScale, LinearScale, Legend);

/** The supply pie's fixed colours (one per part, in supplySlices' order) and the referral doughnut's two. */
export const SUPPLY_COLOURS = ['#7c5cff', '#00c2ff', '#ffb020', '#ff5c8a', '#22c55e', '#f97316', '#94a3b8'];
export const REFERRAL_COLOURS = ['#22c55e', '#7c5cff'];
const BAR_COLOURS = ['#7c5cff', '#00c2ff', '#22c55e', '#ffb020'];

/** Chart values to 2 decimals; token figures grouped like every amount (100,00,000.00), shares as 12.50%. */
const chartValue = (v: number, suffix = '') => (suffix === '%' ? fixed2(v) : formatInr(v));

interface Hovered {
  label: string;
  value: string;
}

/** Hovering a slice shows its label and value under the chart instead of a tooltip. */
function useHover(labels: string[], values: number[], suffix = '') {
  const [hovered, setHovered] = useState<Hovered | null>(null);
  const onHover = (_e: ChartEvent, elements: ActiveElement[]) => {
    if (!elements.length) return setHovered(null);
    const i = elements[0].index;
    setHovered({ label: labels[i], value: `${chartValue(values[i], suffix)}${suffix}` });
  };
  /** The same readout from the value list (keyboard and touch). */
  const show = (i: number) => setHovered({ label: labels[i], value: `${chartValue(values[i], suffix)}${suffix}` });
  return { hovered, onHover, show };
}

/** Every chart value listed under the chart, each a button that drives the readout. */
function ValueList({
  labels,
  values,
  colours,
  suffix = '',
  show,
  label,
}: {
  labels: string[];
  values: number[];
  colours: string[];
  suffix?: string;
  show: (i: number) => void;
  label: string;
}) {
  return (
    <ul className="list-unstyled d-flex flex-wrap justify-content-center gap-2 mt-2 mb-0 small" aria-label={label}>
      {labels.map((l, i) => (
        <li key={l}>
          <button
            type="button"
            className="btn btn-sm btn-light border d-inline-flex align-items-center gap-1"
            onClick={() => show(i)}
            onFocus={() => show(i)}
          >
            <span aria-hidden="true" style={{ width: 10, height: 10, borderRadius: 2, background: colours[i], display: 'inline-block' }} />
            {l}: {chartValue(values[i], suffix)}
            {suffix}
          </button>
        </li>
      ))}
    </ul>
  );
}

const describe = (labels: string[], values: number[], suffix = '') =>
  labels.map((l, i) => `${l} ${chartValue(values[i], suffix)}${suffix}`).join(', ');

function HoverReadout({ hovered, id }: { hovered: Hovered | null; id: string }) {
  return (
    <p className="text-center small mt-2 mb-0 pl-chart-readout" aria-live="polite" data-testid={`${id}-hover`}>
      {hovered ? (
        <>
          <span className="fw-semibold">{hovered.label}</span>: {hovered.value}
        </>
      ) : (
        <span className="text-body-secondary">Hover a segment or pick a value below</span>
      )}
    </p>
  );
}

/** Draws the token icon in the middle of the doughnut's chart area. */
function centreImage(src: string | undefined): Plugin<'doughnut'> {
  let img: HTMLImageElement | null = null;
  return {
    id: 'centreImage',
    afterDraw(chart: Chart) {
      if (!src) return;
      if (!img) {
        img = new Image();
        img.onload = () => chart.draw();
        img.src = src;
        return;
      }
      if (!img.complete || !img.naturalWidth) return;
      const { left, right, top, bottom } = chart.chartArea;
      const size = Math.min(right - left, bottom - top) * 0.32;
      const x = (left + right) / 2 - size / 2;
      const y = (top + bottom) / 2 - size / 2;
      chart.ctx.drawImage(img, x, y, size, size);
    },
  };
}

const SUPPLY_LABEL_ORDER = [
  'Private Supply',
  'Public Cell Supply (rest)',
  'Angel Investor Supply',
  'Founder Team Supply',
  'Airdrop Supply',
  'Referral Supply',
  'Not allocated',
];
const colourKey = (label: string) => (label === 'Public Cell Supply' ? 'Public Cell Supply (rest)' : label);

const num = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

export default function DashboardCharts({ data }: { data: AdminDashboard }) {
  // The total is the whole pie, not a slice beside its own parts.
  const supply = supplySlices(data);
  const supplyLabels = supply.slices.map((s) => s.label);
  const supplyValues = supply.slices.map((s) => s.value);
  const supplyColours = supply.slices.map((s) => SUPPLY_COLOURS[SUPPLY_LABEL_ORDER.indexOf(colourKey(s.label)) % SUPPLY_COLOURS.length]);
  const supplyHover = useHover(supplyLabels, supplyValues);

  // The referral supply is the whole doughnut (rewards given and what remains), stated above it.
  const referral = referralSlices(data);
  const referralLabels = referral.slices.map((s) => s.label);
  const referralValues = referral.slices.map((s) => s.value);
  const referralHover = useHover(referralLabels, referralValues);

  const methodLabels = ['Bank', 'UPI', 'Manual', 'Crypto'];
  const ts = data.transactionSummary ?? { total: 0, bank: 0, upi: 0, manual: 0, crypto: 0 };
  const amounts = [ts.bank, ts.upi, ts.manual, ts.crypto].map(num);
  const sum = amounts.reduce((a, b) => a + b, 0);
  // Share of the approved collection per method, in percent (dataset label '%').
  const percents = amounts.map((a) => (sum > 0 ? Number(((a / sum) * 100).toFixed(2)) : 0));
  const barHover = useHover(methodLabels, percents, '%');

  const plugin = useMemo(() => centreImage(data.token?.icon_url), [data.token?.icon_url]);

  const arcOptions = (onHover: ReturnType<typeof useHover>['onHover']) => ({
    responsive: true,
    maintainAspectRatio: false,
    onHover,
    plugins: { legend: { position: 'bottom' as const }, tooltip: { enabled: false } },
  });

  return (
    <div className="row g-3">
      <section className="col-12 col-xl-6" aria-label="Token Supply Distribution">
        <div className="card border-0 shadow-sm h-100">
          <div className="card-body">
            <h2 className="h6 mb-1">Token Supply Distribution</h2>
            <p className="small text-body-secondary mb-3" data-testid="supply-total">
              Total Supply: <span className="fw-semibold text-body">{grouped(supply.total)}</span>
              {supply.over > 0 ? ` — the sections add up to ${grouped(supply.over)} more than the total` : null}
            </p>
            <div style={{ height: 384, position: 'relative' }} data-testid="chart-supply">
              <Pie
                data={{
                  labels: supplyLabels,
                  datasets: [{ data: supplyValues, backgroundColor: supplyColours, borderWidth: 1 }],
                }}
                options={arcOptions(supplyHover.onHover)}
                role="img"
                aria-label={`Token Supply Distribution pie chart of the total supply ${grouped(supply.total)}: ${describe(supplyLabels, supplyValues)}`}
              />
            </div>
            <HoverReadout id="supply" hovered={supplyHover.hovered} />
            <ValueList label="Token supply values" labels={supplyLabels} values={supplyValues} colours={supplyColours} show={supplyHover.show} />
          </div>
        </div>
      </section>
      <section className="col-12 col-xl-6" aria-label="Referral Supply">
        <div className="card border-0 shadow-sm h-100">
          <div className="card-body">
            <h2 className="h6 mb-1">Referral Supply</h2>
            <p className="small text-body-secondary mb-3" data-testid="referral-total">
              Total: <span className="fw-semibold text-body">{grouped(referral.total)}</span>
            </p>
            <div style={{ height: 320, position: 'relative' }} data-testid="chart-referral">
              <Doughnut
                data={{
                  labels: referralLabels,
                  datasets: [{ data: referralValues, backgroundColor: REFERRAL_COLOURS, borderWidth: 1 }],
                }}
                options={{ ...arcOptions(referralHover.onHover), cutout: '60%' }}
                plugins={[plugin]}
                role="img"
                aria-label={`Referral Supply doughnut chart of the referral supply ${grouped(referral.total)}: ${describe(referralLabels, referralValues)}`}
              />
            </div>
            <HoverReadout id="referral" hovered={referralHover.hovered} />
            <ValueList label="Referral supply values" labels={referralLabels} values={referralValues} colours={REFERRAL_COLOURS} show={referralHover.show} />
            <p className="small text-body-secondary text-center mt-2 mb-0" data-testid="user-stock-balance">
              User Stock Balance (tokens held by all buyers): <span className="fw-semibold text-body">{grouped(num(data.privateSupplyData?.stockBalance))}</span>
            </p>
          </div>
        </div>
      </section>
      <section className="col-12" aria-label="Total Collection Method Wise">
        <div className="card border-0 shadow-sm">
          <div className="card-body">
            <h2 className="h6 mb-3">Total Collection Method Wise</h2>
            <div style={{ height: 320, position: 'relative' }} data-testid="chart-collection">
              <Bar
                data={{
                  labels: methodLabels,
                  datasets: [{ label: '%', data: percents, backgroundColor: BAR_COLOURS }],
                }}
                options={{
                  responsive: true,
                  maintainAspectRatio: false,
                  onHover: barHover.onHover,
                  plugins: { legend: { position: 'top' }, tooltip: { enabled: false } },
                  scales: { y: { beginAtZero: true, max: 100 } },
                }}
                role="img"
                aria-label={`Total Collection Method Wise bar chart, share in percent: ${describe(methodLabels, percents, '%')}`}
              />
            </div>
            <HoverReadout id="collection" hovered={barHover.hovered} />
            <ValueList label="Collection share per method" labels={methodLabels} values={percents} colours={BAR_COLOURS} suffix="%" show={barHover.show} />
            <p className="small text-body-secondary text-center mt-2 mb-0">
              Approved collection: {rupees(ts.total || sum)} (Bank {rupees(ts.bank)}, UPI {rupees(ts.upi)}, Manual {rupees(ts.manual)}, Crypto{' '}
              {rupees(ts.crypto)})
            </p>
          </div>
        </div>
      </section>
    </div>
  );
}
