import InputClick
