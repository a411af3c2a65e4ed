import Testing

@Test func placeholderInputClickTests() { #expect(Bool(true)) }
