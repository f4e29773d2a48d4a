import Foundation
import OpenPencilKit
import Testing

@Suite("CGAffineTransform on Linux: CoreGraphics's arithmetic")
struct CGAffineTransformTests {
  @Test func concatenationAppliesTheReceiverFirst() {
    let scale = CGAffineTransform(scaleX: 2, y: 3)
    let move = CGAffineTransform(translationX: 10, y: -5)
    let p = CGPoint(x: 1, y: 1)
    #expect(p.applying(scale.concatenating(move)) == CGPoint(x: 12, y: -2))
    #expect(p.applying(move.concatenating(scale)) == CGPoint(x: 22, y: -12))
  }

  @Test func rotationIsCounterClockwiseInYUp() {
    let p = CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
    #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
  }

  @Test func inverseUndoes() {
    let t = CGAffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: 7)
    let p = CGPoint(x: 3.5, y: -2)
    let back = p.applying(t).applying(t.inverted())
    #expect(abs(back.x - p.x) < 1e-12 && abs(back.y - p.y) < 1e-12)
    #expect(t.concatenating(t.inverted()).a == 1)
    let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0)
    #expect(singular.inverted() == singular)
    #expect(CGAffineTransform.identity.isIdentity && !t.isIdentity)
  }

  @Test func rectanglesMapToTheBoundsOfTheirCorners() {
    let r = CGRect(x: 0, y: 0, width: 10, height: 20).applying(
      CGAffineTransform(rotationAngle: .pi))
    #expect(abs(r.minX + 10) < 1e-9 && abs(r.minY + 20) < 1e-9)
    #expect(abs(r.width - 10) < 1e-9 && abs(r.height - 20) < 1e-9)
    #expect(CGRect.null.applying(CGAffineTransform(translationX: 1, y: 1)).isNull)
  }
}
