/* inputclick.h: filled by the plugin work */
