import Foundation

extension DetectedShape {
  /// The shape with its numbers rounded to `places` decimals (coordinates, radii, angles, the
  /// confidence and the fit; the PaperKit record as it is), as `ductus shapes detect` writes it:
  /// a ten-thousandth of a point is finer than any pen.
  public func rounded(places: Int = 4) -> DetectedShape {
    let scale = pow(10, Double(places))
    func round(_ value: Double) -> Double { (value * scale).rounded() / scale }
    func round(_ values: [Double]?) -> [Double]? { values?.map(round) }
    var copy = self
    copy.confidence = round(confidence)
    copy.center = round(center)
    copy.radii = round(radii)
    copy.rotation = rotation.map(round)
    copy.vertices = vertices?.map { $0.map(round) }
    copy.head = round(head)
    copy.tail = round(tail)
    copy.hotPoints = hotPoints.map { $0.map(round) }
    copy.turns = turns.map(round)
    copy.cornerRadius = cornerRadius.map(round)
    copy.fit = fit.map {
      ShapeFit(
        meanDeviation: round($0.meanDeviation), maximumDeviation: round($0.maximumDeviation),
        coverage: round($0.coverage))
    }
    return copy
  }
}
