print("inputclick: not yet")
