import Foundation
import InkRender
import InkSignatures
import OpenPencilKit

/// The DET (detection error trade-off) picture of a signature evaluation: false-reject rate
/// against false-accept rate on normal-deviate axes, one curve for skilled and one for random
/// forgeries, each with its equal-error point marked on the diagonal, and a legend whose EERs
/// are the curves' (every trial's scores pooled), with the report's mean over trials beside.
///
/// Martin, Doddington, Kamm, Ordowski and Przybocki, "The DET curve in assessment of detection
/// task performance" (Eurospeech 1997): on axes scaled by the inverse of the standard normal
/// distribution, normally distributed scores give straight lines. The axes run from 0.1% to
/// 50%; rates outside (0 included) are drawn at the edge.
///
/// ```swift
/// let report = try SignatureEvaluation().run(users)
/// let png = try DETPicture.render(report, format: .png)
/// ```
public enum DETPicture {
  /// The picture's width and height, in pixels.
  public static let size = CGSize(width: 720, height: 680)

  /// The rates marked on both axes.
  static let ticks: [Double] = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5]

  /// The colours of the skilled and random curves.
  static let colors = (
    skilled: PKColor(red: 0.8, green: 0.15, blue: 0.15, alpha: 1),
    random: PKColor(red: 0.1, green: 0.4, blue: 0.8, alpha: 1)
  )

  /// The picture of an evaluation report's DET curves in a format.
  ///
  /// - Throws: `RenderError` when Cairo fails.
  public static func render(_ report: SignatureEvaluationReport, format: RenderFormat) throws
    -> Data
  {
    let canvas = try Canvas(
      format: format, pixelWidth: Int(size.width), pixelHeight: Int(size.height),
      origin: .zero, scale: 1)
    canvas.fill(.white)
    let plot = CGRect(x: 90, y: 60, width: 540, height: 480)
    let low = probit(ticks.first!)
    let high = probit(ticks.last!)
    func point(_ falseAccept: Double, _ falseReject: Double) -> CGPoint {
      func unit(_ rate: Double) -> Double {
        (probit(min(max(rate, ticks.first!), ticks.last!)) - low) / (high - low)
      }
      return CGPoint(
        x: plot.minX + plot.width * unit(falseAccept),
        y: plot.maxY - plot.height * unit(falseReject))
    }
    let gray = PKColor(white: 0.85, alpha: 1)
    let text = PKColor(white: 0.2, alpha: 1)
    for tick in ticks {
      let label = tick < 0.01 ? String(format: "%.1f", 100 * tick) : String(Int(100 * tick))
      let x = point(tick, ticks.first!).x
      let y = point(ticks.first!, tick).y
      canvas.strokeLine(
        from: CGPoint(x: x, y: plot.minY), to: CGPoint(x: x, y: plot.maxY),
        style: LineStyle(width: 1, color: gray))
      canvas.strokeLine(
        from: CGPoint(x: plot.minX, y: y), to: CGPoint(x: plot.maxX, y: y),
        style: LineStyle(width: 1, color: gray))
      canvas.drawText(
        label, from: CGPoint(x: x - canvas.textWidth(label, fontSize: 13) / 2, y: plot.maxY + 14),
        fontSize: 13, color: text)
      canvas.drawText(
        label, from: CGPoint(x: plot.minX - 10 - canvas.textWidth(label, fontSize: 13), y: y),
        fontSize: 13, color: text)
    }
    canvas.strokeLine(
      from: point(ticks.first!, ticks.first!), to: point(ticks.last!, ticks.last!),
      style: LineStyle(width: 1, color: PKColor(white: 0.55, alpha: 1), dash: [4, 4]))
    canvas.strokePolygon(
      [
        CGPoint(x: plot.minX, y: plot.minY), CGPoint(x: plot.maxX, y: plot.minY),
        CGPoint(x: plot.maxX, y: plot.maxY), CGPoint(x: plot.minX, y: plot.maxY),
      ], style: LineStyle(width: 1.2, color: text))
    let curves = [
      ("skilled forgeries", report.skilled, colors.skilled),
      ("random forgeries", report.random, colors.random),
    ]
    for (_, figures, color) in curves {
      canvas.strokePolyline(
        figures.det.map { point($0.falseAcceptRate, $0.falseRejectRate) },
        style: LineStyle(width: 2.2, color: color))
      canvas.fillCircle(
        center: point(figures.curveEER, figures.curveEER), radius: 5, color: color)
    }
    canvas.drawText(
      "False reject rate (%)", from: CGPoint(x: plot.minX - 70, y: plot.minY - 22), fontSize: 14,
      color: text)
    let xLabel = "False accept rate (%)"
    canvas.drawText(
      xLabel,
      from: CGPoint(x: plot.midX - canvas.textWidth(xLabel, fontSize: 14) / 2, y: plot.maxY + 40),
      fontSize: 14, color: text)
    var x = plot.minX - 40
    let legendY = plot.maxY + 80
    for (name, figures, color) in curves {
      canvas.strokeLine(
        from: CGPoint(x: x, y: legendY), to: CGPoint(x: x + 26, y: legendY),
        style: LineStyle(width: 2.2, color: color))
      canvas.fillCircle(center: CGPoint(x: x + 13, y: legendY), radius: 4, color: color)
      x += 34
      x += canvas.drawText(
        name + String(format: " (EER %.2f%%*)", 100 * figures.curveEER),
        from: CGPoint(x: x, y: legendY), fontSize: 14, color: text)
      x += 30
    }
    canvas.drawText(
      note(skilled: report.skilled, random: report.random),
      from: CGPoint(x: plot.minX - 65, y: legendY + 28), fontSize: 12, color: text)
    return try canvas.finish()
  }

  /// The line under the legend: what the legend's EERs are (those of the curves, every trial's
  /// scores pooled), beside the report's pooled EERs (each trial's pooled EER, averaged), which
  /// differ.
  static func note(skilled: SignatureForgeryFigures, random: SignatureForgeryFigures) -> String {
    String(
      format: "* EER of all trials' scores in one curve; the report's pooled EER (mean over "
        + "trials): %.2f%% skilled, %.2f%% random",
      100 * skilled.pooledEER.mean, 100 * random.pooledEER.mean)
  }

  /// The standard normal quantile `Φ⁻¹(p)` for `0 < p < 1`: Acklam's rational approximation
  /// (relative error below 1.2 · 10⁻⁹), enough for an axis.
  static func probit(_ p: Double) -> Double {
    let a = [
      -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
      1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00,
    ]
    let b = [
      -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
      6.680131188771972e+01, -1.328068155288572e+01,
    ]
    let c = [
      -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
      -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00,
    ]
    let d = [
      7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
      3.754408661907416e+00,
    ]
    func tail(_ q: Double) -> Double {
      (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
        / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    }
    if p < 0.02425 { return tail((-2 * log(p)).squareRoot()) }
    if p > 1 - 0.02425 { return -tail((-2 * log(1 - p)).squareRoot()) }
    let q = p - 0.5
    let r = q * q
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
      / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  }
}
