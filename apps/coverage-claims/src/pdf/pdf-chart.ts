import { COLOR, FONT, type PageLayout } from './pdf-layout.js';

// Charts drawn as PDF paths (no images): a bar chart of one value per label, and a step chart of
// amounts that hold until they change. Each is drawn in the box it is given; the caller asks the
// layout for the room first.

const AXIS_FONT_SIZE = 6.5;

/** Where a chart goes, in points. */
export interface ChartBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The top of a value axis and its step: the step a round number (1, 2, 2.5 or 5 times a power of
 * ten) that cuts [0, top] into at most `ticks` parts, top the first multiple of it at or above `max`.
 */
export function axisScale(max: number, ticks = 4): { top: number; step: number } {
  if (!(max > 0)) return { top: 1, step: 1 };
  const rough = max / ticks;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  return { top: Math.ceil(max / step - 1e-9) * step, step };
}

/** Lines across the plot at each step of the value axis, with the value left of it. */
function valueGrid(layout: PageLayout, plot: ChartBox, scale: { top: number; step: number }, label: (value: number) => string): void {
  const { doc } = layout;
  for (let value = 0; value <= scale.top + 1e-9; value += scale.step) {
    const y = plot.y + plot.height - (value / scale.top) * plot.height;
    doc
      .lineWidth(value === 0 ? 0.8 : 0.4)
      .strokeColor(value === 0 ? COLOR.muted : COLOR.rule)
      .moveTo(plot.x, y)
      .lineTo(plot.x + plot.width, y)
      .stroke();
    const text = label(value);
    layout.lines([text], plot.x - 44, y - 3.5, { size: AXIS_FONT_SIZE, color: COLOR.muted, width: 41, align: 'right' });
  }
}

export interface Bar {
  label: string;
  value: number;
}

export interface BarChartOptions {
  bars: readonly Bar[];
  color: string;
  /** The value written over a bar, and on the axis. */
  format: (value: number) => string;
}

/**
 * Vertical bars, one per label, on a value axis from 0. Labels under the bars and values over them,
 * every one when they fit, otherwise every n-th from the first.
 */
export function barChart(layout: PageLayout, box: ChartBox, options: BarChartOptions): void {
  const { doc } = layout;
  const plot = { x: box.x + 46, y: box.y + 10, width: box.width - 46, height: box.height - 24 };
  const scale = axisScale(Math.max(0, ...options.bars.map((bar) => bar.value)));
  valueGrid(layout, plot, scale, options.format);
  const count = options.bars.length;
  if (count === 0) return;
  const slot = plot.width / count;
  const barWidth = Math.min(slot * 0.7, 28);
  doc.font(FONT.regular).fontSize(AXIS_FONT_SIZE);
  const widest = Math.max(
    ...options.bars.map((bar) => Math.max(doc.widthOfString(bar.label), doc.widthOfString(options.format(bar.value)))),
  );
  const every = Math.max(1, Math.ceil((widest + 3) / slot));
  options.bars.forEach((bar, index) => {
    const centre = plot.x + slot * index + slot / 2;
    const height = (bar.value / scale.top) * plot.height;
    const top = plot.y + plot.height - height;
    if (height > 0) doc.rect(centre - barWidth / 2, top, barWidth, height).fill(options.color);
    if (index % every !== 0) return;
    // Centred on the bar, but never past the plot's ends.
    const at = (text: string, size: number) => {
      const width = doc.font(FONT.regular).fontSize(size).widthOfString(text);
      return Math.min(Math.max(centre - width / 2, plot.x), plot.x + plot.width - width);
    };
    layout.lines([bar.label], at(bar.label, AXIS_FONT_SIZE), plot.y + plot.height + 3, {
      size: AXIS_FONT_SIZE,
      color: COLOR.ink,
      width: slot * every,
    });
    if (bar.value > 0) {
      const value = options.format(bar.value);
      layout.lines([value], at(value, AXIS_FONT_SIZE - 0.5), top - 8.5, {
        size: AXIS_FONT_SIZE - 0.5,
        color: COLOR.muted,
        width: slot * every,
      });
    }
  });
}

/** One line of a step chart: `steps[i].value` holds from `steps[i].at` until the next step's `at`. */
export interface StepSeries {
  color: string;
  steps: readonly { at: number; value: number }[];
}

export interface StepChartOptions {
  /** The horizontal axis runs from `from` to `to`. */
  from: number;
  to: number;
  /** Values of the horizontal axis labelled under it. */
  ticks: readonly number[];
  tickLabel: (at: number) => string;
  /** Values of the horizontal axis marked by a dashed line across the plot. */
  marks: readonly number[];
  series: readonly StepSeries[];
  format: (value: number) => string;
}

/**
 * Lines that step: flat while a value holds, straight up or down where it changes, each in its
 * colour, drawn over a value grid from 0. A value axis that would be all zero is drawn up to 1.
 */
export function stepChart(layout: PageLayout, box: ChartBox, options: StepChartOptions): void {
  const { doc } = layout;
  // Room on the right for half the last age label, centred under the end of the axis.
  const plot = { x: box.x + 46, y: box.y + 6, width: box.width - 58, height: box.height - 18 };
  const scale = axisScale(Math.max(0, ...options.series.flatMap((series) => series.steps.map((step) => step.value))));
  valueGrid(layout, plot, scale, options.format);
  const span = options.to - options.from;
  const xOf = (at: number) => plot.x + ((Math.min(Math.max(at, options.from), options.to) - options.from) / span) * plot.width;
  const yOf = (value: number) => plot.y + plot.height - (value / scale.top) * plot.height;

  for (const mark of options.marks) {
    if (mark <= options.from || mark >= options.to) continue;
    doc
      .save()
      .lineWidth(0.6)
      .strokeColor(COLOR.muted)
      .dash(2, { space: 2 })
      .moveTo(xOf(mark), plot.y)
      .lineTo(xOf(mark), plot.y + plot.height)
      .stroke()
      .undash()
      .restore();
  }
  for (const tick of options.ticks) {
    const x = xOf(tick);
    doc
      .lineWidth(0.6)
      .strokeColor(COLOR.muted)
      .moveTo(x, plot.y + plot.height)
      .lineTo(x, plot.y + plot.height + 2)
      .stroke();
    // The axis' first label starts at its mark, clear of the value axis' 0 left of it; the others are centred on theirs.
    const first = tick <= options.from;
    layout.lines([options.tickLabel(tick)], first ? x : x - 15, plot.y + plot.height + 3, {
      size: AXIS_FONT_SIZE,
      color: COLOR.ink,
      width: 30,
      align: first ? 'left' : 'center',
    });
  }
  for (const series of options.series) {
    const steps = series.steps.filter((step) => step.at < options.to);
    if (steps.length === 0) continue;
    doc.moveTo(xOf(steps[0]!.at), yOf(steps[0]!.value));
    steps.forEach((step, index) => {
      if (index > 0) doc.lineTo(xOf(step.at), yOf(step.value));
      const next = steps[index + 1];
      doc.lineTo(xOf(next === undefined ? options.to : next.at), yOf(step.value));
    });
    doc.lineWidth(1.6).lineJoin('miter').strokeColor(series.color).stroke();
  }
}
