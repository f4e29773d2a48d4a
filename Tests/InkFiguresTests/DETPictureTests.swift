import InkSignatures
import Testing

@testable import InkFigures

/// The normal-deviate scale of the DET axes: Acklam's approximation against values of the
/// standard normal quantile (SciPy's `norm.ppf`).
@Suite struct DETPictureTests {
  @Test(arguments: [
    (0.5, 0.0), (0.975, 1.959963984540054), (0.001, -3.090232306167813),
    (0.02, -2.053748910631823), (0.3, -0.5244005127080409), (0.9999, 3.719016485455709),
  ])
  func probitMatchesTheNormalQuantile(p: Double, quantile: Double) {
    #expect(abs(DETPicture.probit(p) - quantile) < 1e-8)
  }

  @Test func probitIsOddAboutOneHalf() {
    for p in stride(from: 0.001, to: 0.5, by: 0.0137) {
      #expect(abs(DETPicture.probit(p) + DETPicture.probit(1 - p)) < 1e-9)
    }
  }
}

extension DETPictureTests {
  @Test func theLegendSaysWhichEERItShows() {
    func figures(curve: Double, pooled: Double) -> SignatureForgeryFigures {
      SignatureForgeryFigures(
        perUserEER: MeanAndDeviation(mean: 0.03, sd: 0.01),
        pooledEER: MeanAndDeviation(mean: pooled, sd: 0.01),
        atTunedThreshold: ErrorRatePoint(
          threshold: 0.5, falseAcceptRate: 0.1, falseRejectRate: 0.1),
        curveEER: curve, det: [])
    }
    let note = DETPicture.note(
      skilled: figures(curve: 0.079, pooled: 0.0768), random: figures(curve: 0.01, pooled: 0.012))
    #expect(note.contains("EER of all trials' scores in one curve"))
    #expect(note.contains("pooled EER (mean over trials)"))
    #expect(note.contains("7.68% skilled"))
    #expect(note.contains("1.20% random"))
  }
}
