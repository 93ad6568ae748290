BYJ
¡<Œ‹8EKuG