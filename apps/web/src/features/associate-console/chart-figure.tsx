// The console's charts' pieces (ADR 076): a figure with its caption, a picture that screen readers
// skip — its numbers are in the table beside it, behind a disclosure a keyboard opens — and SVG
// drawn here with d3-scale and d3-shape, so the page ships no chart runtime. Colours come from
// the theme (currentColor), and no series is told apart by colour alone: labels or a pattern.
import { scaleBand, scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { useEffect, useRef, useState, type ReactNode } from 'react';

const CHART_HEIGHT = 240;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 56 };

export interface Column<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  /** Numbers are right-aligned. */
  numeric?: boolean;
}

/** A figure: caption, a one-line summary, the picture and its numbers as a table. */
export function ChartFigure<Row>({
  id,
  title,
  summary,
  numbersLabel,
  columns,
  rows,
  rowKey,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  numbersLabel: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  children: ReactNode;
}) {
  return (
    <figure aria-labelledby={`${id}-caption`} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4" data-testid={id}>
      <figcaption id={`${id}-caption`} className="font-bold">
        {title}
      </figcaption>
      <p className="mt-1 text-sm text-muted">{summary}</p>
      <div aria-hidden="true" className="mt-3">
        {children}
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold text-brand-700">{numbersLabel}</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full border-collapse" data-testid={`${id}-table`}>
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.label}
                    scope="col"
                    className={`border-b border-slate-200 px-2 py-1 ${column.numeric ? 'text-right' : 'text-left'}`}
                  >
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column, index) =>
                    index === 0 ? (
                      <th key={column.label} scope="row" className="border-b border-slate-100 px-2 py-1 text-left font-normal">
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td
                        key={column.label}
                        className={`border-b border-slate-100 px-2 py-1 ${column.numeric ? 'text-right tabular-nums' : ''}`}
                      >
                        {column.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/**
 * The width a chart has on screen, so it is drawn in real pixels: its text stays 12 px on a 320 px
 * phone and on a wide desktop alike, where a fixed viewBox would shrink or swell it.
 */
function useChartWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(240, Math.floor(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** The SVG frame every chart draws in, as wide as its column. */
function Frame({
  chart,
  height = CHART_HEIGHT,
  children,
}: {
  chart: ReturnType<typeof useChartWidth>;
  height?: number;
  children: ReactNode;
}) {
  return (
    <div ref={chart.ref} className="w-full">
      <svg
        width={chart.width}
        height={height}
        viewBox={`0 0 ${chart.width} ${height}`}
        className="block max-w-full text-xs"
        focusable="false"
      >
        {children}
      </svg>
    </div>
  );
}

/** A y axis: a few round values with their labels and light grid lines. */
function YAxis({
  y,
  width,
  format,
}: {
  y: ReturnType<typeof scaleLinear<number, number>>;
  width: number;
  format: (value: number) => string;
}) {
  return (
    <g className="text-muted">
      {y.ticks(4).map((tick) => (
        <g key={tick} transform={`translate(0 ${y(tick)})`}>
          <line x1={MARGIN.left} x2={width - MARGIN.right} stroke="currentColor" strokeOpacity={0.2} />
          <text x={MARGIN.left - 6} dy="0.32em" textAnchor="end" fill="currentColor" fontSize={12}>
            {format(tick)}
          </text>
        </g>
      ))}
    </g>
  );
}

/** As many labels under the x axis as fit, one per 72 px, so they never overlap. */
const labelEvery = (count: number, width: number) => Math.max(1, Math.ceil(count / Math.max(2, Math.floor(width / 72))));

export interface Stack {
  key: string;
  values: number[];
  /** A pattern id (see Patterns) or none for solid. */
  pattern?: string;
}

/** Hatching for a second series, so it differs from the first by more than colour. */
export function Patterns() {
  return (
    <defs>
      <pattern id="chart-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="6" height="6" fill="currentColor" fillOpacity={0.25} />
        <line x1="0" y1="0" x2="0" y2="6" stroke="currentColor" strokeWidth="3" />
      </pattern>
    </defs>
  );
}

/** Vertical bars, stacked when there are several series. */
export function BarChart({ labels, stacks, format }: { labels: string[]; stacks: Stack[]; format: (value: number) => string }) {
  const chart = useChartWidth();
  const totals = labels.map((_, i) => stacks.reduce((sum, stack) => sum + stack.values[i]!, 0));
  const x = scaleBand<number>()
    .domain(labels.map((_, i) => i))
    .range([MARGIN.left, chart.width - MARGIN.right])
    .padding(0.2);
  const y = scaleLinear()
    .domain([0, Math.max(1, ...totals)])
    .nice()
    .range([CHART_HEIGHT - MARGIN.bottom, MARGIN.top]);
  const every = labelEvery(labels.length, chart.width);
  return (
    <Frame chart={chart}>
      <Patterns />
      <YAxis y={y} width={chart.width} format={format} />
      <g className="text-brand-700">
        {labels.map((label, i) => {
          let base = 0;
          return (
            <g key={label}>
              {stacks.map((stack) => {
                const top = base + stack.values[i]!;
                const rect = (
                  <rect
                    key={stack.key}
                    x={x(i)}
                    width={x.bandwidth()}
                    y={y(top)}
                    height={Math.max(0, y(base) - y(top))}
                    fill={stack.pattern ? `url(#${stack.pattern})` : 'currentColor'}
                  />
                );
                base = top;
                return rect;
              })}
            </g>
          );
        })}
      </g>
      <g className="text-muted">
        {labels.map((label, i) =>
          i % every === 0 ? (
            <text key={label} x={x(i)! + x.bandwidth() / 2} y={CHART_HEIGHT - 8} textAnchor="middle" fill="currentColor" fontSize={12}>
              {label}
            </text>
          ) : null,
        )}
      </g>
    </Frame>
  );
}

/** A line with a dot per value: a trend. */
export function LineChart({ labels, values, format }: { labels: string[]; values: number[]; format: (value: number) => string }) {
  const chart = useChartWidth();
  const x = scaleLinear()
    .domain([0, Math.max(1, labels.length - 1)])
    .range([MARGIN.left + 8, chart.width - MARGIN.right - 8]);
  const y = scaleLinear()
    .domain([0, Math.max(1, ...values)])
    .nice()
    .range([CHART_HEIGHT - MARGIN.bottom, MARGIN.top]);
  const path = line<number>()
    .x((_, i) => x(i))
    .y((value) => y(value))(values);
  const every = labelEvery(labels.length, chart.width);
  return (
    <Frame chart={chart}>
      <YAxis y={y} width={chart.width} format={format} />
      <g className="text-brand-700">
        <path d={path ?? ''} fill="none" stroke="currentColor" strokeWidth={2.5} />
        {values.map((value, i) => (
          <circle key={labels[i]} cx={x(i)} cy={y(value)} r={3.5} fill="currentColor" />
        ))}
      </g>
      <g className="text-muted">
        {labels.map((label, i) =>
          i % every === 0 ? (
            <text key={label} x={x(i)} y={CHART_HEIGHT - 8} textAnchor="middle" fill="currentColor" fontSize={12}>
              {label}
            </text>
          ) : null,
        )}
      </g>
    </Frame>
  );
}

/** Horizontal bars, each named and valued in text above it; `max` draws each against its own goal. */
export function LabelledBars({ bars }: { bars: { key: string; label: string; value: number; max: number; text: string }[] }) {
  return (
    <ul className="flex flex-col gap-3 text-sm">
      {bars.map((bar) => (
        <li key={bar.key}>
          <span className="font-semibold">{bar.label}</span> <span className="text-muted">{bar.text}</span>
          <span className="mt-1 block h-3 rounded bg-slate-200">
            <span
              className="block h-3 rounded bg-brand-700"
              style={{ width: `${bar.max > 0 ? Math.min(100, (bar.value / bar.max) * 100) : 0}%` }}
            />
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The cohort grid: one row per month, a cell per offset with the share still giving written in it.
 * Where a column is too narrow for its label (a phone), it is headed "+N" (months).
 */
export function CohortGrid({
  rows,
  offsets,
}: {
  rows: { month: string; cells: (number | null)[] }[];
  offsets: { months: number; label: string }[];
}) {
  const chart = useChartWidth();
  const row = 28;
  const left = 112;
  const cell = (chart.width - left) / offsets.length;
  const height = (rows.length + 1) * row;
  return (
    <Frame chart={chart} height={Math.max(row * 2, height)}>
      {offsets.map((offset, j) => (
        <text
          key={offset.months}
          x={left + j * cell + cell / 2}
          y={18}
          textAnchor="middle"
          className="text-muted"
          fill="currentColor"
          fontSize={12}
        >
          {cell >= 100 ? offset.label : `+${offset.months}`}
        </text>
      ))}
      {rows.map((cohort, i) => (
        <g key={cohort.month} transform={`translate(0 ${(i + 1) * row})`}>
          <text x={4} y={18} fill="currentColor" fontSize={12}>
            {cohort.month}
          </text>
          {cohort.cells.map((share, j) => (
            <g key={offsets[j]!.months}>
              <rect
                x={left + j * cell + 2}
                y={2}
                width={cell - 4}
                height={row - 4}
                className="text-brand-700"
                fill="currentColor"
                fillOpacity={share === null ? 0 : 0.1 + 0.5 * share}
                stroke="currentColor"
                strokeOpacity={0.3}
              />
              <text x={left + j * cell + cell / 2} y={18} textAnchor="middle" fill="currentColor" fontSize={12}>
                {share === null ? '–' : `${Math.round(share * 100)}%`}
              </text>
            </g>
          ))}
        </g>
      ))}
    </Frame>
  );
}
