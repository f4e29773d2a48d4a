import DuctusTestSupport
import Foundation
import InkTracing
import OpenPencilKit
import Testing

/// The fluency figures on strokes whose movement is known: a smooth arc drawn with a
/// bell-shaped speed, the same arc with a tremor of known size, and a stroke with a stop.
@Suite("Fluency: steadiness, pauses, pen lifts")
struct FluencyTests {
  static let template = try! TemplateLibrary.bundled.template(named: "shapes/circle")

  /// A half circle of radius 30 (box units, the box 100 high) drawn in `duration` seconds at
  /// 240 Hz with a minimum-jerk speed, a tremor of `tremor` box heights at 7 Hz along and
  /// across the line, and an optional stop of `pause` seconds half-way.
  static func arc(duration: Double, tremor: Double = 0, pause: Double = 0) -> PKStroke {
    let rate = 240.0
    var points: [PKStrokePoint] = []
    let moving = Int(duration * rate)
    for k in 0...moving {
      let u = Double(k) / Double(moving)
      // Minimum jerk: s = 10u³ − 15u⁴ + 6u⁵ of the way.
      let s = u * u * u * (10 - 15 * u + 6 * u * u)
      var t = u * duration
      if u > 0.5 { t += pause }
      let angle = Double.pi * s
      let along = tremor * 100 * sin(2 * .pi * 7 * t)
      let across = tremor * 100 * cos(2 * .pi * 7.7 * t)
      let radius = 30 + across
      let x = 50 + radius * cos(angle) - along * sin(angle)
      let y = 50 + radius * sin(angle) + along * cos(angle)
      points.append(
        PKStrokePoint(
          location: CGPoint(x: x, y: y), timeOffset: t, size: CGSize(width: 4, height: 4),
          opacity: 1, force: 0.5, azimuth: 0, altitude: .pi / 2))
      if pause > 0, k == moving / 2 {
        for step in 1...Int(pause * rate) {
          points.append(
            PKStrokePoint(
              location: CGPoint(x: x, y: y), timeOffset: t + Double(step) / rate,
              size: CGSize(width: 4, height: 4), opacity: 1, force: 0.5, azimuth: 0,
              altitude: .pi / 2))
        }
      }
    }
    return PKStroke(
      ink: PKInk(.pen, color: .black),
      path: PKStrokePath(controlPoints: points, creationDate: Date(timeIntervalSince1970: 0)))
  }

  static func fluency(_ strokes: [PKStroke]) throws -> FluencyReport {
    let report = try TracingScorer(placement: .box).score(
      PKDrawing(strokes: strokes), against: template)
    return try #require(report.fluency)
  }

  @Test func aSmoothStrokeIsSteadyAndATremorIsNot() throws {
    let steadiness = try [0, 0.005, 0.01, 0.02, 0.03].map { tremor in
      try Self.fluency([Self.arc(duration: 2.5, tremor: tremor)]).speedSteadiness
    }
    #expect(steadiness[0] >= 0.95, "\(steadiness)")
    #expect(steadiness[2] <= 0.7, "\(steadiness)")
    #expect(steadiness[3] <= 0.35, "\(steadiness)")
    // The bigger the tremor, the less steady, down to 0.
    #expect(
      zip(steadiness, steadiness.dropFirst()).allSatisfy { $0 > $1 || $1 == 0 }, "\(steadiness)")
    // A quicker smooth stroke stays steady too.
    #expect(try Self.fluency([Self.arc(duration: 0.8)]).speedSteadiness >= 0.9)
  }

  @Test func aStopInsideAStrokeIsAPause() throws {
    let smooth = try Self.fluency([Self.arc(duration: 1.5)])
    #expect(smooth.pauses == 0 && smooth.pauseTime == 0)
    let stopped = try Self.fluency([Self.arc(duration: 1.5, pause: 0.4)])
    #expect(stopped.pauses == 1)
    #expect(abs(stopped.pauseTime - 0.4) < 0.08, "\(stopped.pauseTime)")
  }

  @Test func theTextCountsInTheSingularAndThePlural() throws {
    let drawing = PKDrawing(strokes: [Self.arc(duration: 1.5, pause: 0.4), Self.arc(duration: 1)])
    let text = try TracingScorer(placement: .box).score(drawing, against: Self.template).text
    #expect(text.contains("1 pen lift,"), "\(text)")
    #expect(text.contains("1 pause ("), "\(text)")
    let one = try TracingScorer(placement: .box).score(
      PKDrawing(strokes: [Self.arc(duration: 1)]), against: Self.template
    ).text
    #expect(one.contains("0 pen lifts,") && one.contains("0 pauses,"), "\(one)")
  }
}
