import DuctusTestSupport
import Foundation
import InkSignatures
import Testing

/// The DET points and equal error rates of ``ErrorRateCurve`` against scikit-learn's
/// `roc_curve` (`Scripts/reference/signature_verification.py`), and special cases.
@Suite struct ErrorRateCurveTests {
  struct Case: Decodable {
    var name: String
    var genuine: [Double]
    var forgeries: [Double]
    var thresholds: [Double?]
    var falseAcceptRates: [Double]
    var falseRejectRates: [Double]
    var equalErrorRate: Double
  }

  static let cases: [Case] = {
    struct File: Decodable { var cases: [Case] }
    let url = SharedData.fixture("signatures/error-rates.json")
    return (try? JSONDecoder().decode(File.self, from: Data(contentsOf: url)).cases) ?? []
  }()

  @Test func theFixtureIsThere() {
    #expect(Self.cases.count == 7)
  }

  @Test(arguments: cases.map(\.name)) func pointsAndRateMatchScikitLearn(name: String) throws {
    let reference = try #require(Self.cases.first { $0.name == name })
    let curve = ErrorRateCurve(genuine: reference.genuine, forgeries: reference.forgeries)
    #expect(curve.points.count == reference.falseAcceptRates.count)
    for (index, point) in curve.points.enumerated() {
      #expect(abs(point.falseAcceptRate - reference.falseAcceptRates[index]) < 1e-12)
      #expect(abs(point.falseRejectRate - reference.falseRejectRates[index]) < 1e-12)
      if let threshold = reference.thresholds[index] {
        #expect(point.threshold == threshold)
      } else {
        #expect(point.threshold == .greatestFiniteMagnitude)
      }
    }
    #expect(abs(curve.equalErrorRate - reference.equalErrorRate) < 1e-12, "\(name)")
  }

  @Test func theThresholdAtTheEqualErrorRateSeparatesSeparableScores() {
    let curve = ErrorRateCurve(genuine: [0.9, 0.8, 0.7], forgeries: [0.3, 0.2])
    let meeting = ErrorRateCurve(genuine: [0.9, 0.6], forgeries: [0.7, 0.1])
    #expect(meeting.equalErrorRate == 0.5)
    #expect(meeting.equalErrorThreshold == 0.7)
    let crossing = ErrorRateCurve(genuine: [0.9, 0.6, 0.5], forgeries: [0.7, 0.1])
    #expect(abs(crossing.equalErrorRate - 0.5) < 1e-12)
    #expect(abs(crossing.equalErrorThreshold - 0.65) < 1e-12)
    #expect(curve.equalErrorRate == 0)
    #expect(curve.equalErrorThreshold == 0.7)
    let rates = ErrorRateCurve.rates(
      at: curve.equalErrorThreshold, genuine: [0.9, 0.8, 0.7], forgeries: [0.3, 0.2])
    #expect(rates.falseAcceptRate == 0)
    #expect(rates.falseRejectRate == 0)
  }

  @Test func theThresholdForATargetFalseAcceptRateIsTheLowestThatKeepsIt() {
    let genuine = [0.9, 0.8, 0.4]
    let forgeries = [0.5, 0.3, 0.1]
    let curve = ErrorRateCurve(genuine: genuine, forgeries: forgeries)
    #expect(curve.threshold(forFalseAcceptRate: 0) == 0.8)
    #expect(curve.threshold(forFalseAcceptRate: 0.2) == 0.8)
    #expect(curve.threshold(forFalseAcceptRate: 1 / 3) == 0.4)
    #expect(curve.threshold(forFalseAcceptRate: 1) == 0.1)
    for target in stride(from: 0.0, through: 1, by: 0.05) {
      let threshold = curve.threshold(forFalseAcceptRate: target)
      let rates = ErrorRateCurve.rates(at: threshold, genuine: genuine, forgeries: forgeries)
      #expect(rates.falseAcceptRate <= target + 1e-12)
      // The next lower score of these data (a forgery each time) lets through more.
      if let lower = (genuine + forgeries).filter({ $0 < threshold }).max() {
        let more = ErrorRateCurve.rates(at: lower, genuine: genuine, forgeries: forgeries)
        #expect(more.falseAcceptRate > target)
      }
    }
    #expect(ErrorRateCurve(genuine: [], forgeries: [0.1]).threshold(forFalseAcceptRate: 0.1) == 0)
  }

  @Test func emptySetsGiveAnEqualErrorRateOfOneHalf() {
    #expect(ErrorRateCurve(genuine: [], forgeries: [0.1]).equalErrorRate == 0.5)
    #expect(ErrorRateCurve(genuine: [0.1], forgeries: []).points.isEmpty)
  }

  @Test func thinningKeepsTheEndsAndStepsOfAtLeastTheStep() {
    let genuine = (0..<500).map { Double($0) / 500 + 0.2 }
    let forgeries = (0..<500).map { Double($0) / 500 }
    let curve = ErrorRateCurve(genuine: genuine, forgeries: forgeries)
    let thinned = curve.thinnedPoints(step: 0.01)
    #expect(thinned.first == curve.points.first)
    #expect(thinned.last == curve.points.last)
    #expect(thinned.count < curve.points.count / 4)
    for (a, b) in zip(thinned, thinned.dropFirst().dropLast()) {
      #expect(
        abs(a.falseAcceptRate - b.falseAcceptRate) >= 0.01
          || abs(a.falseRejectRate - b.falseRejectRate) >= 0.01)
    }
  }

  @Test func meanAndDeviationUseTheSampleDeviation() {
    let figures = MeanAndDeviation(of: [1, 2, 3, 4])
    #expect(figures.mean == 2.5)
    #expect(abs(figures.sd - (5.0 / 3).squareRoot()) < 1e-12)
    #expect(MeanAndDeviation(of: [7]).sd == 0)
  }
}
