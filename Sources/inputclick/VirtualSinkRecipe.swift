/// The whole recipe for a virtual sink on a machine with no sound card, as
/// `doctor` gives it: both steps of the project's scripts/virtual-sink.sh
/// (its `env` exports name the sink's ALSA configuration; without them
/// `--device inputclick_sink` is a name ALSA does not define), then the device.
let virtualSinkRecipe = "in the InputClick source directory run "
    + "`eval \"$(scripts/virtual-sink.sh env)\"; scripts/virtual-sink.sh start`, "
    + "then pass --device inputclick_sink from that same shell"
