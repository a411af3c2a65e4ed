import Testing

@Test func placeholderKeyboardCoreTests() { #expect(Bool(true)) }
